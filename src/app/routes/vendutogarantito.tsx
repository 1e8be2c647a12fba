import { createFileRoute } from '@tanstack/react-router';
import { GuaranteedSalePage, prefetchGuaranteedSale } from '@/pages/guaranteed-sale';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/vendutogarantito')({
  staticData: { homeTypes: ACCEPTS.seller, defaultHomeType: HOME_TYPE.SELLER },
  // The server's page carries the service's price from the catalogue.
  loader: ({ context }) => prefetchGuaranteedSale(context.queryClient),
  component: RouteComponent,
});

function RouteComponent() {
  return <GuaranteedSalePage />;
}
