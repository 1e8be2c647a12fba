import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/registrazione')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="registration" />;
}
