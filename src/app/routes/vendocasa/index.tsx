import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/vendocasa/')({
  staticData: { homeTypes: ACCEPTS.seller, defaultHomeType: HOME_TYPE.SELLER },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'vendocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="vendocasa" />;
}
