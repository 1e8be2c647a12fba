export { MySiteReviewPage } from './ui/my-site-review-page';
