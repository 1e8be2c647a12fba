import { createFileRoute } from '@tanstack/react-router';
import { AutoLoginPage } from '@/pages/account';
import { ACCEPTS } from '../../config/route-static-data';
import { parseAccountSearch } from '../../lib/route-params';

/** Auto-login from the CRM (`?token=`), or a marketing link's address (`?analyticsToken=`). */
export const Route = createFileRoute('/login/LoginLink')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  validateSearch: parseAccountSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { token, analyticsToken, redirect } = Route.useSearch();
  return <AutoLoginPage mode="crm" token={token} analyticsToken={analyticsToken} redirect={redirect} />;
}
