export {
  passwordRuleProblem,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  type PasswordRuleProblem,
} from './password-rule';
