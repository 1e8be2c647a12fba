import { createFileRoute } from '@tanstack/react-router';
import { isServicesSlug, ListingServicesPage, parseServicesSearch } from '@/pages/listing-services';
import { NotFoundPage } from '@/pages/not-found';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../../../../../lib/route-params';

// The one type is a listing's services (`servizi`); any other slug is a 404.
const paramsSchema = paramsShape({ id: recordIdSchema, type: isServicesSlug });

/** The services a listing of mine can buy. */
export const Route = createFileRoute('/_authenticated/myrexer/annuncio/$id/$type/')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: parseServicesSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  const { ordine } = Route.useSearch();
  // Another user's listing answers 404 (ids are not revealed): the not-found page.
  return <ListingServicesPage key={id} id={Number(id)} orderId={ordine} notFound={<NotFoundPage />} />;
}
