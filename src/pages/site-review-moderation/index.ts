export { SiteReviewModerationPage } from './ui/site-review-moderation-page';
