import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, typeSlugSchema } from '../../../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema });

export const Route = createFileRoute('/trovocasa/$type/')({
  staticData: { homeTypes: ACCEPTS.renter, defaultHomeType: HOME_TYPE.RENTER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'trovocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  const params = Route.useParams();
  return <LandingPage mode="trovocasa" typeSlug={params.type} />;
}
