import { createFileRoute } from '@tanstack/react-router';
import { LandingPage, prefetchLanding } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/affittocasa/')({
  staticData: { homeTypes: ACCEPTS.landlord, defaultHomeType: HOME_TYPE.LANDLORD },
  loader: ({ context }) => prefetchLanding(context.queryClient, 'affittocasa'),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="affittocasa" />;
}
