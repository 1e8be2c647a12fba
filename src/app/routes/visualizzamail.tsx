import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { MailOutboxPage } from '@/pages/mail-outbox';
import { ACCEPTS } from '../config/route-static-data';

/** The mail outbox, shown where no SMTP server delivers mail (docs/architecture.md). */
export const Route = createFileRoute('/visualizzamail')({
  staticData: { homeTypes: ACCEPTS.all, header: 'hideAll' },
  validateSearch: (search: Record<string, unknown>): { to?: string } => ({
    to: typeof search.to === 'string' && search.to.length <= 254 ? search.to : undefined,
  }),
  component: RouteComponent,
});

function RouteComponent() {
  const { to } = Route.useSearch();
  const navigate = useNavigate();
  return (
    <MailOutboxPage
      key={to ?? ''}
      to={to}
      onSearch={(next) => void navigate({ to: '/visualizzamail', search: { to: next } })}
    />
  );
}
