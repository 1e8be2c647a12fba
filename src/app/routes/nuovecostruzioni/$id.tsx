import { createFileRoute } from '@tanstack/react-router';
import { NewDevelopmentPage, prefetchNewDevelopment } from '@/pages/new-development';
import { ACCEPTS } from '../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema });

/** New builds come from the 'costruzioni' partner: no SEO footer. */
export const Route = createFileRoute('/nuovecostruzioni/$id')({
  staticData: { homeTypes: ACCEPTS.all, source: 'costruzioni' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: ({ context, params }) => prefetchNewDevelopment(context.queryClient, Number(params.id)),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  return <NewDevelopmentPage id={Number(id)} />;
}
