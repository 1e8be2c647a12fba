import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '@/pages/about';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/chisiamo')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <AboutPage />;
}
