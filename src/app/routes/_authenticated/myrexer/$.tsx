import { createFileRoute } from '@tanstack/react-router';
import { UnavailablePage } from '@/pages/unavailable';
import { ACCEPTS } from '../../../config/route-static-data';

/** /MyRexer/* (paths match case-insensitively): any other MyRexer address. */
export const Route = createFileRoute('/_authenticated/myrexer/$')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <UnavailablePage area="myrexer" />;
}
