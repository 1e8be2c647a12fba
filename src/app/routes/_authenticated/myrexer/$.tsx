import { createFileRoute } from '@tanstack/react-router';
import { MyRexerHomePage } from '@/pages/my-rexer-home';
import { ACCEPTS } from '../../../config/route-static-data';

/** /MyRexer/* (paths match case-insensitively): any other MyRexer address shows MyRexer's home, saying so. */
export const Route = createFileRoute('/_authenticated/myrexer/$')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  return <MyRexerHomePage unknownAddress />;
}
