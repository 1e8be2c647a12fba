import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { prefetchCities } from '../../lib/prefetch';

export const Route = createFileRoute('/vendocasa/')({
  staticData: { homeTypes: ACCEPTS.seller, defaultHomeType: HOME_TYPE.SELLER },
  loader: ({ context }) => prefetchCities(context.queryClient, 1),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="vendocasa" />;
}
