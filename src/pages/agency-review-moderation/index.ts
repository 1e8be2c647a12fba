export { AgencyReviewModerationPage } from './ui/agency-review-moderation-page';
