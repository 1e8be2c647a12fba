export { TermsPage } from './ui/terms-page';
