import { createFileRoute } from '@tanstack/react-router';
import { AgenciesPage } from '@/pages/agencies';
import { agenciesQueryOptions } from '@/shared/api';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/agenzie/comprocasa')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.BUYER },
  loader: ({ context }) => context.queryClient.ensureQueryData(agenciesQueryOptions()),
  component: RouteComponent,
});

function RouteComponent() {
  return <AgenciesPage mode="comprocasa" />;
}
