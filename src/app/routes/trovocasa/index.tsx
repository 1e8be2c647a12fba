import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/trovocasa/')({
  staticData: { homeTypes: ACCEPTS.renter, defaultHomeType: HOME_TYPE.RENTER },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'trovocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="trovocasa" />;
}
