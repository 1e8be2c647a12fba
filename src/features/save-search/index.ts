export { SaveSearchButton, type SaveSearchButtonProps } from './ui/save-search-button';
export { suggestSearchName, validateSearchName, SEARCH_NAME_MAX, type SearchNameError } from './model/search-name';
