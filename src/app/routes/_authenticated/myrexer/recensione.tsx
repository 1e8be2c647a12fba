import { createFileRoute } from '@tanstack/react-router';
import { MySiteReviewPage } from '@/pages/my-site-review';
import { ACCEPTS } from '../../../config/route-static-data';

/** The user's review of Rexer (shown on /diconodinoi once approved). */
export const Route = createFileRoute('/_authenticated/myrexer/recensione')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <MySiteReviewPage />;
}
