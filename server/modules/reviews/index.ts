import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizeMessageText } from '@domain/message-text';
import { reviewTextProblem, ANSWER_BOUNDS } from '@domain/review';
import { requireModerator, requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { AgencySlugParams } from '../agency/schemas';
import {
  agencyBySlug,
  answerReview,
  approvedReviews,
  createReview,
  moderateAnswer,
  moderateReview,
  ownReview,
  pendingReviews,
  PUBLIC_REVIEWS_PAGE_SIZE,
  MODERATION_PAGE_SIZE,
  reportReview,
  reviewBasisOf,
  updateReview,
  type AgencyRef,
} from './repository';
import {
  AnswerRequest,
  ApproveRequest,
  ModerationList,
  ModerationQuery,
  MyReviewState,
  RejectRequest,
  ReportRequest,
  ReportResult,
  ReviewCreated,
  ReviewIdParams,
  ReviewsPage,
  ReviewsQuery,
  ReviewWrite,
} from './schemas';

// Verified reviews of an agency (docs/reviews.md): written after an interaction the product
// recorded, published once a moderator approves them, reported by anybody signed in, answered by
// the agency. The agency's rating is computed from the approved ones (repository.ts).

/** Review writes per user and hour (new, edits, reports, answers), counted in the database on every server. */
export const REVIEW_WRITES_PER_HOUR = 20;

const writeLimit = {
  rateLimit: {
    max: REVIEW_WRITES_PER_HOUR,
    timeWindow: '1 hour',
    shared: true,
    hook: 'preHandler',
    keyGenerator: (request: { user: { id: number } }) => `agency-review:${request.user.id}`,
  },
} as const;

/** The text rule the schema leaves to the handler, so the form can say which detail to remove. */
function assertNoContactDetails(text: string, bounds?: { min: number; max: number }): void {
  const problem = reviewTextProblem(text, bounds);
  if (problem === 'link' || problem === 'email' || problem === 'phone')
    throw new AppError('ReviewTextRefused', { message: `the text holds a ${problem}` });
}

const reviewsModule: FastifyPluginAsyncZod = async function reviewsModule(fastify) {
  async function agencyOf(slug: string): Promise<AgencyRef> {
    const agency = await agencyBySlug(fastify.db, slug);
    if (!agency) throw new AppError('AgencyNotFound', { message: `agency ${slug}` });
    return agency;
  }

  fastify.get(
    '/api/Agency/:slug/Reviews',
    {
      schema: {
        tags: ['Reviews'],
        summary: "An agency's approved reviews, newest first, with their average and count",
        params: AgencySlugParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPage, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const agency = await agencyOf(request.params.slug);
      const { Page } = request.query;
      const found = await approvedReviews(fastify.db, agency.id, Page);
      reply.header('cache-control', 'no-cache');
      return {
        Rating: found.average,
        Count: found.total,
        Page,
        PageSize: PUBLIC_REVIEWS_PAGE_SIZE,
        Reviews: found.items.map((review) => ({
          Id: review.id,
          Rating: review.rating,
          Text: review.text,
          Basis: review.basis,
          AuthorName: review.authorName,
          CreatedAt: review.createdAt.toISOString(),
          Edited: review.edited,
          Answer: review.answer
            ? { Text: review.answer.text, AnsweredAt: review.answer.answeredAt.toISOString() }
            : null,
        })),
      };
    },
  );

  fastify.get(
    '/api/Agency/:slug/Reviews/Mine',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Reviews'],
        summary: "The caller's review of the agency, whatever its standing, and whether they may write one",
        params: AgencySlugParams,
        response: { 200: MyReviewState, ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const agency = await agencyOf(request.params.slug);
      const [review, basis] = await Promise.all([
        ownReview(fastify.db, request.user.id, agency.id),
        reviewBasisOf(fastify.db, request.user.id, agency.id),
      ]);
      const worksFor = request.user.agencyId;
      reply.header('cache-control', 'no-store');
      return {
        CanReview: basis !== null && !review,
        Basis: basis,
        IsAgencyMember: worksFor === agency.id,
        WorksForAgency: worksFor !== null,
        Review: review
          ? {
              Id: review.id,
              Rating: review.rating,
              Text: review.text,
              Basis: review.basis,
              Status: review.status,
              RejectionReason: review.status === 'rejected' ? review.rejectionReason : null,
              CreatedAt: review.createdAt.toISOString(),
              UpdatedAt: review.updatedAt.toISOString(),
            }
          : null,
      };
    },
  );

  fastify.post(
    '/api/Agency/:slug/Reviews',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Reviews'],
        summary: 'Review an agency after an interaction with it; the review waits for a moderator',
        description:
          'Needs an interaction recorded by the product (403 ReviewNotAllowed): a visit of one of its listings that took place, a valuation asked through its page that the agency followed up with a message, an exclusive mandate to it; accounts of agencies review none. One per user and agency (409 ReviewExists: edit it with PUT /api/Agency/Reviews/{id}). A link, e-mail address or phone number in the text: 400 ReviewTextRefused.',
        params: AgencySlugParams,
        body: ReviewWrite,
        response: { 201: ReviewCreated, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const agency = await agencyOf(request.params.slug);
      assertNoContactDetails(request.body.Text);
      const created = await createReview(fastify.db, {
        userId: request.user.id,
        agencyId: agency.id,
        rating: request.body.Rating,
        text: normalizeMessageText(request.body.Text),
      });
      request.log.info({ reviewId: created.id, agencyId: agency.id }, 'agency review written');
      return reply.code(201).send({ Id: created.id, Status: 'pending' as const, Basis: created.basis });
    },
  );

  fastify.put(
    '/api/Agency/Reviews/:id',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Reviews'],
        summary: 'Edit your review: it leaves the page and waits for a moderator again',
        description: "Only its author: anybody else's review answers 404 ReviewNotFound.",
        params: ReviewIdParams,
        body: ReviewWrite,
        response: { 204: z.null().describe('Done'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      assertNoContactDetails(request.body.Text);
      await updateReview(fastify.db, {
        userId: request.user.id,
        reviewId: request.params.id,
        rating: request.body.Rating,
        text: normalizeMessageText(request.body.Text),
      });
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/api/Agency/Reviews/:id/Report',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Reviews'],
        summary: "Report a published review: it reaches the moderators' queue",
        description:
          'Once per person and review. It leaves the page (Hidden) once REPORTS_TO_HIDE (3) people who work for no agency reported it, unless a moderator kept it after earlier reports. Not published, or unknown: 404 ReviewNotFound; your own: 400 ReviewOwnNotReportable.',
        params: ReviewIdParams,
        body: ReportRequest,
        response: { 200: ReportResult, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const reason = request.body.Reason ? normalizeMessageText(request.body.Reason) : null;
      const { hidden } = await reportReview(fastify.db, {
        userId: request.user.id,
        reviewId: request.params.id,
        reason,
      });
      request.log.info({ reviewId: request.params.id, hidden }, 'agency review reported');
      return { Hidden: hidden };
    },
  );

  fastify.put(
    '/api/Agency/Reviews/:id/Answer',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Reviews'],
        summary:
          "The agency's answer to a published review of it (an account of the agency only); it shows once a moderator lets it",
        description:
          "Replaces the answer, which waits for a moderator again. Another agency's review, one not published, or a caller who works for no agency: 404 ReviewNotFound. A link, e-mail address or phone number: 400 ReviewTextRefused.",
        params: ReviewIdParams,
        body: AnswerRequest,
        response: { 204: z.null().describe('Done'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      assertNoContactDetails(request.body.Text, ANSWER_BOUNDS);
      await answerReview(fastify.db, {
        agencyId: request.user.agencyId,
        userId: request.user.id,
        reviewId: request.params.id,
        text: normalizeMessageText(request.body.Text),
      });
      return reply.code(204).send(null);
    },
  );

  fastify.delete(
    '/api/Agency/Reviews/:id/Answer',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Reviews'],
        summary: "Remove the agency's answer (an account of the agency only)",
        params: ReviewIdParams,
        response: { 204: z.null().describe('Done'), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      await answerReview(fastify.db, {
        agencyId: request.user.agencyId,
        userId: request.user.id,
        reviewId: request.params.id,
        text: null,
      });
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/api/Moderation/AgencyReviews',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Moderation'],
        summary:
          'The moderators’ queue, oldest first: reviews waiting (new, edited, hidden by reports) and published ones reported since the last decision',
        querystring: ModerationQuery,
        response: { 200: ModerationList, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const items = await pendingReviews(fastify.db, request.query.After);
      reply.header('cache-control', 'no-store');
      return {
        More: items.length === MODERATION_PAGE_SIZE,
        Items: items.map((item) => ({
          Id: item.id,
          Agency: { Id: item.agency.id, Slug: item.agency.slug, Name: item.agency.name },
          Rating: item.rating,
          Text: item.text,
          Basis: item.basis,
          AuthorName: item.authorName,
          Status: item.status,
          Version: item.version,
          CreatedAt: item.createdAt.toISOString(),
          EditedAt: item.editedAt?.toISOString() ?? null,
          Answer: item.answer,
          AnswerPending: item.answerPending ? { Version: item.answerPending.version } : null,
          AuthorSince: item.authorSince.toISOString(),
          Reports: item.reports.map((r) => ({
            Reason: r.reason,
            CreatedAt: r.createdAt.toISOString(),
            FromAgency: r.fromAgency,
            New: r.new,
          })),
        })),
      };
    },
  );

  fastify.post(
    '/api/Moderation/AgencyReviews/:id/Approve',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Moderation'],
        summary: "Publish a pending review: it counts in the agency's rating from now",
        description:
          'For the Version read: edited since, 409 ReviewChanged. Not in the queue (decided by another moderator, or unknown): 404 ReviewNotFound.',
        params: ReviewIdParams,
        body: ApproveRequest,
        response: { 204: z.null().describe('Done'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderateReview(fastify.db, {
        moderatorId: request.user.id,
        reviewId: request.params.id,
        version: request.body.Version,
        decision: 'approve',
        reason: null,
      });
      request.log.info({ reviewId: request.params.id, moderatorId: request.user.id }, 'agency review approved');
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/api/Moderation/AgencyReviews/:id/Reject',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Moderation'],
        summary: 'Refuse a pending review, with the reason its author reads',
        params: ReviewIdParams,
        body: RejectRequest,
        response: { 204: z.null().describe('Done'), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await moderateReview(fastify.db, {
        moderatorId: request.user.id,
        reviewId: request.params.id,
        version: request.body.Version,
        decision: 'reject',
        reason: normalizeMessageText(request.body.Reason),
      });
      request.log.info({ reviewId: request.params.id, moderatorId: request.user.id }, 'agency review rejected');
      return reply.code(204).send(null);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    fastify.post(
      `/api/Moderation/AgencyReviews/:id/Answer/${decision === 'approve' ? 'Approve' : 'Reject'}`,
      {
        preHandler: requireModerator(),
        schema: {
          tags: ['Moderation'],
          summary:
            decision === 'approve'
              ? "Let the agency's answer to a review show"
              : "Remove the agency's answer to a review (the agency may answer again)",
          description:
            'For the AnswerPending.Version read: the answer rewritten since, 409 ReviewChanged; no answer waiting, 404 ReviewNotFound.',
          params: ReviewIdParams,
          body: ApproveRequest,
          response: { 204: z.null().describe('Done'), ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        await moderateAnswer(fastify.db, { reviewId: request.params.id, version: request.body.Version, decision });
        request.log.info(
          { reviewId: request.params.id, moderatorId: request.user.id, decision },
          'agency answer moderated',
        );
        return reply.code(204).send(null);
      },
    );
  }
};

export default reviewsModule;
