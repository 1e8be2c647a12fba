export { AgencyReviews, type AgencyReviewsProps } from './ui/agency-reviews';
export {
  agencyReviewQueueQueryOptions,
  decideAgencyAnswer,
  decideAgencyReview,
  moderationQueueKey,
  type ModerationItem,
  type ReviewBasis,
} from './api/agency-reviews-api';
