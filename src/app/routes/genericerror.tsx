import { createFileRoute } from '@tanstack/react-router';
import { GenericErrorPage } from '@/pages/error';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/genericerror')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <GenericErrorPage />;
}
