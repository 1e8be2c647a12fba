export { MunicipalityListPage, type MunicipalityListPageProps } from './ui/municipality-list-page';
