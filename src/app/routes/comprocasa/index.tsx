import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/comprocasa/')({
  staticData: { homeTypes: ACCEPTS.buyer, defaultHomeType: HOME_TYPE.BUYER },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'comprocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="comprocasa" />;
}
