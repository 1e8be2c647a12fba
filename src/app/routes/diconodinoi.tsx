import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage, prefetchReviewsPage } from '@/pages/reviews';
import { ACCEPTS } from '../config/route-static-data';

/** The approved reviews of Rexer, their first page rendered on the server. */
export const Route = createFileRoute('/diconodinoi')({
  staticData: { homeTypes: ACCEPTS.all },
  loader: ({ context }) => prefetchReviewsPage(context.queryClient),
  component: RouteComponent,
});

function RouteComponent() {
  return <ReviewsPage />;
}
