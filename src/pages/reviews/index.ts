export { ReviewsPage } from './ui/reviews-page';
