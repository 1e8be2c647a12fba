export {
  ACCEPTED_PASSWORD_SCORE,
  loadPasswordScorer,
  userWords,
  type PasswordScore,
  type PasswordScorer,
} from './password-strength';
