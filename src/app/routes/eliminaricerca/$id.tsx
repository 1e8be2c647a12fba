import { createFileRoute } from '@tanstack/react-router';
import { DeleteSearchPage } from '@/pages/delete-search';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema });

/** The delete link of an alert mail: public, the token signs the id. */
export const Route = createFileRoute('/eliminaricerca/$id')({
  staticData: { homeTypes: ACCEPTS.seekers, defaultHomeType: HOME_TYPE.BUYER },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: (search: Record<string, unknown>): { t?: string } => ({
    t: typeof search.t === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(search.t) ? search.t : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  const { t } = Route.useSearch();
  return <DeleteSearchPage id={Number(id)} token={t} />;
}
