import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/_authenticated/myrexer/profilo')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="myrexer" />;
}
