import { createFileRoute, useParams } from '@tanstack/react-router';
import { ListingWizard } from '@/processes/listing-wizard';

/**
 * The rent listing wizard: one layout route for all its URLs (/annuncio/affittocasa and its
 * /{id}, /{id}/{gotostep}, /{id}/{gotostep}/{orderid}), so the wizard stays mounted while its
 * steps change the URL. The child routes check their params and carry the page's static data;
 * they draw nothing of their own.
 */
export const Route = createFileRoute('/annuncio/affittocasa')({
  component: RouteComponent,
});

function RouteComponent() {
  const { id, gotostep, orderid } = useParams({ strict: false });
  return <ListingWizard flow="rent" id={id} gotostep={gotostep} orderid={orderid} />;
}
