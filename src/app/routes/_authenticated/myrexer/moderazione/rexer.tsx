import { createFileRoute } from '@tanstack/react-router';
import { SiteReviewModerationPage } from '@/pages/site-review-moderation';
import { ACCEPTS } from '../../../../config/route-static-data';

/** Moderation of the reviews of Rexer (the API answers 403 to anyone but a moderator). */
export const Route = createFileRoute('/_authenticated/myrexer/moderazione/rexer')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: SiteReviewModerationPage,
});
