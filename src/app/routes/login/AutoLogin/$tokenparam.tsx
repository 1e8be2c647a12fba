import { createFileRoute } from '@tanstack/react-router';
import { AutoLoginPage } from '@/pages/account';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema, parseAccountSearch } from '../../../lib/route-params';

const paramsSchema = paramsShape({ tokenparam: segmentSchema });

export const Route = createFileRoute('/login/AutoLogin/$tokenparam')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: parseAccountSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { tokenparam } = Route.useParams();
  const { redirect } = Route.useSearch();
  return <AutoLoginPage key={tokenparam} mode="mail" token={tokenparam} redirect={redirect} />;
}
