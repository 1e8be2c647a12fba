import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';

/** Tracked link to a PDF; delivered with the documents release. */
export const Route = createFileRoute('/route/RouteLink')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="documentLink" />;
}
