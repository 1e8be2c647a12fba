export { AppointmentsPage, type AppointmentsPageProps } from './ui/appointments-page';
export { parseAppointmentsSearch, type AppointmentsSearch } from './model/view';
