import { createFileRoute } from '@tanstack/react-router';
import { FaqPage } from '@/pages/faq';
import { ACCEPTS } from '../../config/route-static-data';

export const Route = createFileRoute('/faq/comprocasa')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <FaqPage variant="comprocasa" />;
}
