export { ReviewsPage } from './ui/reviews-page';
export { prefetchSiteReviews as prefetchReviewsPage } from '@/entities/site-review';
