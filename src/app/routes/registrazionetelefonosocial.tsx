import { createFileRoute } from '@tanstack/react-router';
import { SocialPhonePage } from '@/pages/account';
import { ACCEPTS } from '../config/route-static-data';
import { parseAccountSearch } from '../lib/route-params';

export const Route = createFileRoute('/registrazionetelefonosocial')({
  staticData: { homeTypes: ACCEPTS.all },
  validateSearch: parseAccountSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { redirect } = Route.useSearch();
  return <SocialPhonePage redirect={redirect} />;
}
