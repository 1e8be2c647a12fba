import { createFileRoute } from '@tanstack/react-router';
import { TooManyRequestsPage } from '@/pages/error';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/toomanyrequest')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <TooManyRequestsPage />;
}
