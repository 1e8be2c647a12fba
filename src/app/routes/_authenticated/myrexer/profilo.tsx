import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { loadSessionRuntime } from '@/entities/session';
import { ProfilePage } from '@/pages/profile';
import { ACCEPTS } from '../../../config/route-static-data';

export const Route = createFileRoute('/_authenticated/myrexer/profilo')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: RouteComponent,
});

function RouteComponent() {
  const navigate = useNavigate();
  // The server has closed the account and cleared its cookies; the session ends here too.
  const onAccountDeleted = () =>
    void loadSessionRuntime().then((runtime) => {
      runtime.send({ type: 'LOGOUT' });
      void navigate({ to: '/' });
    });
  return <ProfilePage onAccountDeleted={onAccountDeleted} />;
}
