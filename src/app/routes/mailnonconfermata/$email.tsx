import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../lib/route-params';

const paramsSchema = paramsShape({ email: segmentSchema });

export const Route = createFileRoute('/mailnonconfermata/$email')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="registration" />;
}
