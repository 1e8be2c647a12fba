import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { paramsShape, requireParams, typeSlugSchema } from '../../lib/route-params';

const paramsSchema = paramsShape({ type: typeSlugSchema });

export const Route = createFileRoute('/vendocasa/$type')({
  staticData: { homeTypes: ACCEPTS.seller, defaultHomeType: HOME_TYPE.SELLER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'vendocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  const params = Route.useParams();
  return <LandingPage mode="vendocasa" typeSlug={params.type} />;
}
