import { createFileRoute } from '@tanstack/react-router';
import { ReviewsPage } from '@/pages/reviews';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/diconodinoi')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <ReviewsPage />;
}
