import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/pages/privacy';
import { ACCEPTS } from '../config/route-static-data';

export const Route = createFileRoute('/privacy')({
  staticData: { homeTypes: ACCEPTS.all },
  component: RouteComponent,
});

function RouteComponent() {
  return <PrivacyPage />;
}
