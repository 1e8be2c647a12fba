export { AgencyReviews, type AgencyReviewsProps } from './ui/agency-reviews';
export {
  agencyReviewQueueQueryOptions,
  decideAgencyReview,
  moderationQueueKey,
  type ModerationItem,
  type ReviewBasis,
} from './api/agency-reviews-api';
