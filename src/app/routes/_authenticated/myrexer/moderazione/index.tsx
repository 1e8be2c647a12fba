import { createFileRoute } from '@tanstack/react-router';
import { AgencyReviewModerationPage } from '@/pages/agency-review-moderation';
import { ACCEPTS } from '../../../../config/route-static-data';

/** Moderation of the agencies' reviews (the API answers 403 to anyone but a moderator). */
export const Route = createFileRoute('/_authenticated/myrexer/moderazione/')({
  staticData: { homeTypes: ACCEPTS.all, requiresLogin: true },
  component: AgencyReviewModerationPage,
});
