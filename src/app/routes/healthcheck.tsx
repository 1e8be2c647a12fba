import { createFileRoute, redirect } from '@tanstack/react-router';
import { ACCEPTS } from '../config/route-static-data';

/**
 * /healthcheck belongs to the server (it answers the JSON status before the SPA); a
 * navigation inside the app reloads the document so the server answers it.
 */
export const Route = createFileRoute('/healthcheck')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll', footerSeo: 'hidden' },
  beforeLoad: () => {
    throw redirect({ href: '/healthcheck', reloadDocument: true });
  },
});
