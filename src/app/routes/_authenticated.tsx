import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { ACCEPTS } from '../config/route-static-data';

/**
 * The one gate of MyRexer (all of it but /myrexer/preferiti): a visitor who is not logged
 * in goes to the home page with `login=1` and the address to come back to.
 */
export const Route = createFileRoute('/_authenticated')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  beforeLoad: ({ context, location }) => {
    if (!context.session.isLoggedIn) {
      throw redirect({ to: '/', search: { login: 1, redirect: location.href } });
    }
  },
  component: Outlet,
});
