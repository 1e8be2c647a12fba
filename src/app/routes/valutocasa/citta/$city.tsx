import { createFileRoute } from '@tanstack/react-router';
import { valuationCityQueryOptions } from '@/pages/valuation-wizard';
import { ValuationWizard } from '@/processes/wizard';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../../config/route-static-data';
import { paramsShape, requireParams, segmentSchema } from '../../../lib/route-params';

const paramsSchema = paramsShape({ city: segmentSchema });

/** The free valuation with the town of the URL chosen (its name in the page rendered on the server). */
export const Route = createFileRoute('/valutocasa/citta/$city')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  // A town not found, or a search that fails, leaves the landing without a town chosen.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(valuationCityQueryOptions(params.city.toLowerCase())),
  component: RouteComponent,
});

function RouteComponent() {
  const { city } = Route.useParams();
  return <ValuationWizard citySlug={city.toLowerCase()} />;
}
