export { MailOutboxPage } from './ui/mail-outbox-page';
