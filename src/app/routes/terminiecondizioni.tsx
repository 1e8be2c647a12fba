import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '@/pages/terms';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/terminiecondizioni')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <TermsPage />;
}
