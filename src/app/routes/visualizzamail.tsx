import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../config/route-static-data';

/** Web view of a sent mail; delivered with sessions. */
export const Route = createFileRoute('/visualizzamail')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="messages" />;
}
