import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { prefetchCities } from '../../lib/prefetch';

export const Route = createFileRoute('/comprocasa/')({
  staticData: { homeTypes: ACCEPTS.buyer, defaultHomeType: HOME_TYPE.BUYER },
  loader: ({ context }) => prefetchCities(context.queryClient, 1),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="comprocasa" />;
}
