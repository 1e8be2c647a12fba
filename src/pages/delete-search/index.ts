export { DeleteSearchPage, type DeleteSearchPageProps } from './ui/delete-search-page';
