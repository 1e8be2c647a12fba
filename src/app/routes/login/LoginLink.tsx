import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../config/route-static-data';

/** Auto-login from the CRM; delivered with sessions. */
export const Route = createFileRoute('/login/LoginLink')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="login" />;
}
