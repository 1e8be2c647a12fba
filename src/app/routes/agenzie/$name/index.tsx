import { createFileRoute } from '@tanstack/react-router';
import { AgencyPage, prefetchAgencyPage } from '@/pages/agency';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../../lib/route-params';

const paramsSchema = paramsShape({ name: segmentSchema });

/** An agency's page: an unknown agency is the 404 page. */
export const Route = createFileRoute('/agenzie/$name/')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.BUYER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context, params }) => prefetchAgencyPage(context.queryClient, params.name),
  component: RouteComponent,
});

function RouteComponent() {
  const { name } = Route.useParams();
  return <AgencyPage slug={name} />;
}
