import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../../../config/route-static-data';

/** Visits concern both sides: seekers request them, owners receive them. */
export const Route = createFileRoute('/_authenticated/myrexer/appuntamenti/')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="appointments" />;
}
