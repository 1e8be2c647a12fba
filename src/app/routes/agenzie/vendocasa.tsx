import { createFileRoute } from '@tanstack/react-router';
import { AgenciesPage } from '@/pages/agencies';
import { agenciesQueryOptions } from '@/shared/api';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/agenzie/vendocasa')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER },
  loader: ({ context }) => context.queryClient.ensureQueryData(agenciesQueryOptions()),
  component: RouteComponent,
});

function RouteComponent() {
  return <AgenciesPage mode="vendocasa" />;
}
