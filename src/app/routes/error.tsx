import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '@/pages/error';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/error')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <ErrorPage />;
}
