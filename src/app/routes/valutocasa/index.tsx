import { createFileRoute } from '@tanstack/react-router';
import { AGENCY_SLUG } from '@/pages/valuation-wizard';
import { ValuationWizard } from '@/processes/wizard';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

/** The free valuation: the address on the landing, then the valuation wizard (docs/valuation.md). */
export const Route = createFileRoute('/valutocasa/')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  // ?agenzia={slug}: asked from an agency's page («Richiedi una valutazione»); a malformed one is dropped.
  validateSearch: (search: Record<string, unknown>): { agenzia?: string } => {
    const slug = typeof search.agenzia === 'number' ? String(search.agenzia) : search.agenzia;
    return { agenzia: typeof slug === 'string' && slug.length <= 200 && AGENCY_SLUG.test(slug) ? slug : undefined };
  },
  component: RouteComponent,
});

function RouteComponent() {
  const { agenzia } = Route.useSearch();
  return <ValuationWizard agencySlug={agenzia} />;
}
