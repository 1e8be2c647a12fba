import { createFileRoute } from '@tanstack/react-router';
import { RegistrationPage } from '@/pages/account';
import { ACCEPTS } from '../config/route-static-data';
import { parseAccountSearch } from '../lib/route-params';

export const Route = createFileRoute('/registrazione')({
  staticData: { homeTypes: ACCEPTS.all },
  validateSearch: parseAccountSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect } = Route.useSearch();
  return <RegistrationPage redirect={redirect} />;
}
