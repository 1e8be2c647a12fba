import { createFileRoute } from '@tanstack/react-router';
import { MyListingPage } from '@/pages/my-listings';
import { NotFoundPage } from '@/pages/not-found';
import { listingActionsFor } from '@/processes/listing-status';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../../../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema });

export const Route = createFileRoute('/_authenticated/myrexer/annuncio/$id/')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  // Another user's listing answers 404 (ids are not revealed): the not-found page.
  return <MyListingPage key={id} id={Number(id)} actionsFor={listingActionsFor} notFound={<NotFoundPage />} />;
}
