export {
  APPOINTMENTS_KEY,
  appointmentListQueryOptions,
  appointmentQueryOptions,
  ownerSideQueryOptions,
  confirmAppointment,
  acceptAppointmentWithPhone,
  cancelAppointment,
  appointmentCalendarUrl,
  type AppointmentItem,
  type AppointmentDetail,
  type AppointmentList,
  type AppointmentHistoryEntry,
  type AppointmentRole,
  type AppointmentTabId,
} from './api/appointment-api';
export {
  NO_ANSWERS,
  actorOf,
  type AnswersFor,
  type AppointmentAnswers,
  type AppointmentAnswerEvent,
  type AppointmentState,
} from './model/answers';
export { formatVisitTime, formatEventTime } from './lib/format';
export {
  appointmentErrorKey,
  appointmentErrorType,
  isStaleAppointmentError,
  type AppointmentErrorType,
} from './lib/errors';
export { AppointmentStatusBadge } from './ui/appointment-status-badge';
