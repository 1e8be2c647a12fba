import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';
import { segmentSchema, requireParams } from '../../lib/route-params';

const paramsSchema = z.object({ email: segmentSchema });

export const Route = createFileRoute('/mailnonconfermata/$email')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="registration" />;
}
