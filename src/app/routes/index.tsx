import { createFileRoute } from '@tanstack/react-router';
import { HomeChooserPage } from '@/pages/home-chooser';
import { ACCEPTS } from '../config/route-static-data';
import { parseLoginSearch } from '../lib/route-params';

/** The home type chooser. `login=1&redirect=...` (any page) opens the login modal: the app shell reads it. */
export const Route = createFileRoute('/')({
  staticData: { homeTypes: ACCEPTS.chooser },
  validateSearch: parseLoginSearch,
  component: RouteComponent,
});

function RouteComponent() {
  return <HomeChooserPage />;
}
