import { createFileRoute } from '@tanstack/react-router';
import { PasswordLinkPage } from '@/pages/account';
import { ACCEPTS } from '../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../lib/route-params';

const paramsSchema = paramsShape({ token: segmentSchema });

export const Route = createFileRoute('/recuperaPassword/$token')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  const { token } = Route.useParams();
  return <PasswordLinkPage key={token} token={token} mode="recover" />;
}
