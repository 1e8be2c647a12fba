export { AgenciesPage, type AgenciesPageProps } from './ui/agencies-page';
