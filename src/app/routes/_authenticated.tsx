import { createFileRoute, redirect } from '@tanstack/react-router';
import { HOME_TYPE } from '@/shared/lib/home-type';
import { homePathOf } from '../config/home-paths';
import { ACCEPTS } from '../config/route-static-data';
import { MyRexerLayout } from '../shell/myrexer-layout/myrexer-layout';

/**
 * The one gate of MyRexer (all of it but /myrexer/preferiti): a visitor who is not logged
 * in goes to the home page of their mode with `login=1` and the address to come back to.
 */
export const Route = createFileRoute('/_authenticated')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  beforeLoad: ({ context, location }) => {
    if (!context.session.isLoggedIn) {
      const home = homePathOf(context.homeType ?? HOME_TYPE.UNDEFINED);
      throw redirect({
        href: `${home}?${new URLSearchParams({ login: '1', redirect: location.href })}`,
        statusCode: 302,
      });
    }
  },
  component: AuthenticatedLayout,
});

/** MyRexer's pages with their menu beside them. */
function AuthenticatedLayout() {
  const { homeType } = Route.useRouteContext();
  return <MyRexerLayout homeType={homeType ?? HOME_TYPE.UNDEFINED} />;
}
