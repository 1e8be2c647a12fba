import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, typeSlugSchema } from '../../../lib/route-params';
import { prefetchCities } from '../../../lib/prefetch';

const paramsSchema = paramsShape({ type: typeSlugSchema });

export const Route = createFileRoute('/trovocasa/$type/')({
  staticData: { homeTypes: ACCEPTS.renter, defaultHomeType: HOME_TYPE.RENTER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context }) => prefetchCities(context.queryClient, 2),
  component: RouteComponent,
});

function RouteComponent() {
  const params = Route.useParams();
  return <LandingPage mode="trovocasa" typeSlug={params.type} />;
}
