export { appointmentAnswersFor } from './model/appointment-answers';
