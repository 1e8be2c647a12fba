import { createFileRoute } from '@tanstack/react-router';
import { AppointmentsPage, parseAppointmentsSearch } from '@/pages/appointments';
import { appointmentAnswersFor } from '@/processes/appointment-answers';
import { ACCEPTS } from '../../../../config/route-static-data';

/** Visits concern both sides: seekers request them, owners receive them (`?ruolo=proprietario`). */
export const Route = createFileRoute('/_authenticated/myrexer/appuntamenti/')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  validateSearch: parseAppointmentsSearch,
  component: RouteComponent,
});

function RouteComponent() {
  return <AppointmentsPage answersFor={appointmentAnswersFor} />;
}
