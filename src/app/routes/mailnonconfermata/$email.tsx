import { createFileRoute } from '@tanstack/react-router';
import { MailNotConfirmedPage } from '@/pages/account';
import { ACCEPTS } from '../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema, parseAccountSearch } from '../../lib/route-params';

const paramsSchema = paramsShape({ email: segmentSchema });

export const Route = createFileRoute('/mailnonconfermata/$email')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: parseAccountSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { email } = Route.useParams();
  const { registered, token, redirect } = Route.useSearch();
  return <MailNotConfirmedPage email={email} registered={registered === 1} token={token} redirect={redirect} />;
}
