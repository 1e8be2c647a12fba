import { createFileRoute } from '@tanstack/react-router';
import { NotFoundPage } from '@/pages/not-found';
import { ValuationResultPage } from '@/pages/valuation-result';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema });

/**
 * A valuation's result, for its owner only. The server renders the frame (it has no visitor's
 * cookies); the browser reads the valuation, and another's or an unknown one is the not-found page.
 */
export const Route = createFileRoute('/valutocasa/$id')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  notFoundComponent: NotFoundPage,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <ValuationResultPage id={Number(id)} />;
}
