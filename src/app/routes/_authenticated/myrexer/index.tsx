import { createFileRoute } from '@tanstack/react-router';
import { MyRexerHomePage } from '@/pages/my-rexer-home';
import { ACCEPTS } from '../../../config/route-static-data';

/** /myrexer: the account's overview, what waits for the user. */
export const Route = createFileRoute('/_authenticated/myrexer/')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: MyRexerHomePage,
});
