import { createFileRoute } from '@tanstack/react-router';
import { HomeChooserPage } from '@/pages/home-chooser';
import { ACCEPTS } from '../config/route-static-data';
import { parseLoginSearch } from '../lib/route-params';

/** The home type chooser. `login=1&redirect=...` is how protected pages ask for a login (the sessions release opens the login modal from it). */
export const Route = createFileRoute('/')({
  staticData: { homeTypes: ACCEPTS.chooser },
  validateSearch: parseLoginSearch,
  component: RouteComponent,
});

function RouteComponent() {
  return <HomeChooserPage />;
}
