import { createFileRoute, notFound } from '@tanstack/react-router';
import { MunicipalityListPage, loadMunicipalities } from '@/pages/municipality-list';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../config/route-static-data';
import { paramsShape, provinceSlugSchema, requireParams, typeSlugSchema } from '../../../../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, provincia: provinceSlugSchema });

export const Route = createFileRoute('/comprocasa/$type/$provincia/comuni')({
  staticData: { homeTypes: ACCEPTS.buyer, defaultHomeType: HOME_TYPE.BUYER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  // A province the API does not know is a page that does not exist.
  loader: async ({ context, params }) => {
    if (!(await loadMunicipalities(context.queryClient, { province: params.provincia, sellType: 1 }))) throw notFound();
  },
  component: RouteComponent,
});

function RouteComponent() {
  const params = Route.useParams();
  return <MunicipalityListPage mode="comprocasa" typeSlug={params.type} province={params.provincia} />;
}
