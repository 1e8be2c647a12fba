import { createFileRoute } from '@tanstack/react-router';
import { AgencyPage, prefetchAgencyPage } from '@/pages/agency';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema, typeSlugSchema } from '../../../lib/route-params';

// `{type}` is a search slug (docs/spec.md's route table): the agency's listings of that type.
const paramsSchema = paramsShape({ name: segmentSchema, type: typeSlugSchema });

/** An agency's page with only its listings of one property type; an unknown agency or type is the 404 page. */
export const Route = createFileRoute('/agenzie/$name/$type')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.BUYER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context, params }) => prefetchAgencyPage(context.queryClient, params.name, params.type),
  component: RouteComponent,
});

function RouteComponent() {
  const { name, type } = Route.useParams();
  return <AgencyPage slug={name} type={type} />;
}
