export {
  SITE_REVIEWS_PAGE_SIZE,
  approveSiteReview,
  mySiteReviewQueryOptions,
  pendingSiteReviewsQueryOptions,
  prefetchSiteReviews,
  rejectSiteReview,
  retryServerErrors,
  saveMySiteReview,
  siteReviewsQueryOptions,
  type ModerationSiteReview,
  type MySiteReview,
  type MySiteReviewAnswer,
  type PublicSiteReview,
  type SiteReviewList,
  type SiteReviewRequest,
  type SiteReviewRole,
} from './api/site-review-api';
export { RatingStars } from './ui/rating-stars';
