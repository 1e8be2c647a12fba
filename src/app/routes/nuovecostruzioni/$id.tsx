import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';
import { numericIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: numericIdSchema });

/** New builds come from the 'costruzioni' partner: no SEO footer. */
export const Route = createFileRoute('/nuovecostruzioni/$id')({
  staticData: { homeTypes: ACCEPTS.all, source: 'costruzioni' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="newBuild" />;
}
