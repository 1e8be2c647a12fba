import { createFileRoute } from '@tanstack/react-router';
import { isStatusFilterSlug, MyListingsPage } from '@/pages/my-listings';
import { listingActionsFor } from '@/processes/listing-status';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../../config/route-static-data';
import { paramsShape, requireParams } from '../../../../lib/route-params';

// The status filters: pubblicati, bozze, sospesi, venduti (docs/listings.md); any other is a 404.
const paramsSchema = paramsShape({ type: isStatusFilterSlug });

export const Route = createFileRoute('/_authenticated/myrexer/annunci/$type')({
  staticData: { homeTypes: ACCEPTS.owners, defaultHomeType: HOME_TYPE.SELLER, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  const { type } = Route.useParams();
  return <MyListingsPage filter={type} actionsFor={listingActionsFor} />;
}
