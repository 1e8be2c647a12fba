export { BookVisit, preloadBookVisit, type BookVisitProps } from './ui/book-visit';
