import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '@/pages/landing';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { prefetchCities } from '../../lib/prefetch';

export const Route = createFileRoute('/affittocasa/')({
  staticData: { homeTypes: ACCEPTS.landlord, defaultHomeType: HOME_TYPE.LANDLORD },
  loader: ({ context }) => prefetchCities(context.queryClient, 2),
  component: RouteComponent,
});

function RouteComponent() {
  return <LandingPage mode="affittocasa" />;
}
