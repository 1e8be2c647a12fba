import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema, typeSlugSchema } from '../../../../../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, prov: segmentSchema, name: segmentSchema, id: segmentSchema });

/** Rent results in a municipality. */
export const Route = createFileRoute('/affitto/$type/$prov/$name/$id')({
  staticData: { homeTypes: ACCEPTS.renter, defaultHomeType: HOME_TYPE.RENTER, footerSeo: 'expanded' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="results" />;
}
