import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../config/route-static-data';
import { paramsShape, requireParams, segmentSchema, typeSlugSchema } from '../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema, area: segmentSchema, id: segmentSchema });

/** Results in an area. Only the property-type slugs match here; any other URL of this shape is a 404. */
export const Route = createFileRoute('/$type/$area/$id')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER, footerSeo: 'expanded' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="results" />;
}
