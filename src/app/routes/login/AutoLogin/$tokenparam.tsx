import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../../lib/route-params';

const paramsSchema = paramsShape({ tokenparam: segmentSchema });

export const Route = createFileRoute('/login/AutoLogin/$tokenparam')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="login" />;
}
