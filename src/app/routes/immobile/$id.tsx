import { createFileRoute } from '@tanstack/react-router';
import { pageStatusHeaders } from '@domain/page-rendering';
import { PropertyGonePage, PropertyPage, prefetchProperty, preloadPropertySections } from '@/pages/property';
import { ACCEPTS } from '../../config/route-static-data';
import { recordIdSchema, paramsShape, requireParams } from '../../lib/route-params';

const paramsSchema = paramsShape({ id: recordIdSchema });

/**
 * Property detail: every type may look at a listing. An unknown listing is the 404 page; one
 * its owner removed answers 410 Gone with similar listings.
 */
export const Route = createFileRoute('/immobile/$id')({
  staticData: { homeTypes: ACCEPTS.all },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  loader: async ({ context, params }) => {
    const [load] = await Promise.all([
      prefetchProperty(context.queryClient, Number(params.id)),
      preloadPropertySections(),
    ]);
    return load;
  },
  headers: ({ loaderData }) => (loaderData?.gone ? pageStatusHeaders(410) : undefined),
  component: RouteComponent,
});

function RouteComponent() {
  const { id } = Route.useParams();
  const { gone } = Route.useLoaderData();
  return gone ? <PropertyGonePage id={Number(id)} /> : <PropertyPage id={Number(id)} />;
}
