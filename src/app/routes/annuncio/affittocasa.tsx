import { createFileRoute, useParams } from '@tanstack/react-router';
import { ListingWizard } from '@/processes/wizard';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

/**
 * The rent listing wizard: one layout route for all its URLs (/annuncio/affittocasa and its
 * /{id}, /{id}/{gotostep}, /{id}/{gotostep}/{orderid}), so the wizard stays mounted while its
 * steps change the URL. The child routes check their params and carry the page's static data;
 * they draw nothing of their own.
 */
export const Route = createFileRoute('/annuncio/affittocasa')({
  // Every home type its pages accept (each page declares its own).
  staticData: { homeTypes: ACCEPTS.landlord, defaultHomeType: HOME_TYPE.LANDLORD, header: 'hideSticky' },
  component: RouteComponent,
});

function RouteComponent() {
  const { id, gotostep, orderid } = useParams({ strict: false });
  return <ListingWizard flow="rent" id={id} gotostep={gotostep} orderid={orderid} />;
}
