import { createFileRoute } from '@tanstack/react-router';
import { ValuationWizard } from '@/processes/wizard';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { ACCEPTS } from '../../config/route-static-data';

/** The free valuation: the address on the landing, then the valuation wizard (docs/valuation.md). */
export const Route = createFileRoute('/valutocasa/')({
  staticData: { homeTypes: ACCEPTS.sellerBuyer, defaultHomeType: HOME_TYPE.SELLER, header: 'hideSticky' },
  component: RouteComponent,
});

function RouteComponent() {
  return <ValuationWizard />;
}
