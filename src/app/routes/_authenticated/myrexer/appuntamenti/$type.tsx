import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../../../config/route-static-data';
import { oneOf, paramsShape, requireParams } from '../../../../lib/route-params';

const paramsSchema = paramsShape({ type: oneOf(['0', '1', '2']) });

/** Tabs: waiting 0, future 1, cancelled 2. */
export const Route = createFileRoute('/_authenticated/myrexer/appuntamenti/$type')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="appointments" />;
}
