export { UnavailablePage, type UnavailablePageProps } from './ui/unavailable-page';
