import { createFileRoute } from '@tanstack/react-router';
import { HowItWorksPage } from '@/pages/how-it-works';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/comefunziona/comprocasa')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <HowItWorksPage variant="comprocasa" />;
}
