import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@/pages/contact';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/contatti')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <ContactPage />;
}
