import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';
import { numericIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: numericIdSchema });

/** Property detail: every type may look at a listing; it is sale or rent only once loaded. */
export const Route = createFileRoute('/immobile/$id')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="property" />;
}
