export { RegistrationPage, registrationErrors, type RegistrationForm } from './ui/registration-page';
export { SocialPhonePage } from './ui/social-phone-page';
export { MailConfirmedPage } from './ui/mail-confirmed-page';
export { MailNotConfirmedPage, type MailNotConfirmedPageProps } from './ui/mail-not-confirmed-page';
export { PasswordLinkPage } from './ui/password-link-page';
export { AutoLoginPage, type AutoLoginPageProps } from './ui/auto-login-page';
