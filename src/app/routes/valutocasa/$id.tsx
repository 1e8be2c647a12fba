import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { numericIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: numericIdSchema });

export const Route = createFileRoute('/valutocasa/$id')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="valuation" />;
}
