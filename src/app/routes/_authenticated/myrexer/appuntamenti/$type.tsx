import { createFileRoute } from '@tanstack/react-router';
import { AppointmentsPage, parseAppointmentsSearch } from '@/pages/appointments';
import { appointmentAnswersFor } from '@/processes/appointment-answers';
import { ACCEPTS } from '../../../../config/route-static-data';
import { oneOf, paramsShape, requireParams } from '../../../../lib/route-params';

const paramsSchema = paramsShape({ type: oneOf(['0', '1', '2']) });

/** Tabs: waiting 0, future 1, cancelled 2; `?ruolo=proprietario` shows the requests received. */
export const Route = createFileRoute('/_authenticated/myrexer/appuntamenti/$type')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  params: { parse: (raw) => requireParams(paramsSchema, raw) },
  validateSearch: parseAppointmentsSearch,
  component: RouteComponent,
});

function RouteComponent() {
  const { type } = Route.useParams();
  return <AppointmentsPage tab={Number(type) as 0 | 1 | 2} answersFor={appointmentAnswersFor} />;
}
