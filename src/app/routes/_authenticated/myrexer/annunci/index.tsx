import { createFileRoute } from '@tanstack/react-router';
import { MyListingsPage } from '@/pages/my-listings';
import { listingActionsFor } from '@/processes/listing-status';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../config/route-static-data';

export const Route = createFileRoute('/_authenticated/myrexer/annunci/')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <MyListingsPage actionsFor={listingActionsFor} />;
}
