export { SavedSearchesPage } from './ui/saved-searches-page';
