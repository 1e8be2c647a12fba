export { MunicipalityListPage, type MunicipalityListPageProps } from './ui/municipality-list-page';
export { loadMunicipalities } from './api/municipality-queries';
