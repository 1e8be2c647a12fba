import { createFileRoute } from '@tanstack/react-router';
import { isServicesSlug, ListingServicePage, parseServicesSearch } from '@/pages/listing-services';
import { NotFoundPage } from '@/pages/not-found';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../../../../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema, type: isServicesSlug, serviceid: recordIdSchema });

/** One service for a listing of mine: its purchase, and the payment's outcome (`?ordine=`). */
export const Route = createFileRoute('/_authenticated/myrexer/annuncio/$id/$type/$serviceid')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: parseServicesSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { id, serviceid } = Route.useParams();
  const { ordine } = Route.useSearch();
  // Another user's listing, or a service this listing cannot have: the not-found page.
  return (
    <ListingServicePage
      key={`${id}-${serviceid}`}
      id={Number(id)}
      serviceId={Number(serviceid)}
      orderId={ordine}
      notFound={<NotFoundPage />}
    />
  );
}
