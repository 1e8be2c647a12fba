import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ContactKind } from '@domain/listing/contact-details';
import { contactInSiteReview, impersonationInSiteReview } from '@domain/site-review';
import { requireModerator, requireUser } from '../../auth/require-user';
import { AppError } from '../../errors/app-error';
import type { ErrorName } from '../../errors/catalogue';
import { errorResponses } from '../../errors/error-body';
import {
  createReview,
  findByAuthor,
  listApproved,
  listPending,
  moderateReview,
  suggestionsFor,
  updateReview,
  type SiteReviewInput,
  type SiteReviewRow,
} from './repository';
import {
  ApproveSiteReviewRequest,
  ModerationSiteReview,
  ModerationSiteReviewList,
  MySiteReview,
  MySiteReviewAnswer,
  RejectSiteReviewRequest,
  SiteReviewList,
  SiteReviewListQuery,
  SiteReviewParams,
  SiteReviewRequest,
} from './schemas';

/** Calls of each write (POST a review, PUT an edit) a user may make in an hour, counted per user on every server. */
export const SITE_REVIEW_WRITES_PER_HOUR = 10;

const CONTACT_ERRORS = {
  link: 'SiteReviewHasLink',
  email: 'SiteReviewHasEmail',
  phone: 'SiteReviewHasPhone',
} as const satisfies Record<ContactKind, ErrorName>;

const iso = (value: Date) => value.toISOString();

function publicItem(row: SiteReviewRow) {
  return {
    Id: row.id,
    Rating: row.rating,
    Title: row.title,
    Text: row.text,
    Role: row.role,
    DisplayName: row.displayName,
    Town: row.town,
    IsExample: row.isExample,
    PublishedAt: iso(row.moderatedAt ?? row.createdAt),
  };
}

function ownItem(row: SiteReviewRow) {
  return {
    Id: row.id,
    Rating: row.rating,
    Title: row.title,
    Text: row.text,
    Role: row.role,
    DisplayName: row.displayName,
    Town: row.town,
    Status: row.status,
    RejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    PublishConsentAt: iso(row.publishConsentAt ?? row.createdAt),
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

function moderationItem(row: SiteReviewRow) {
  return {
    Id: row.id,
    Rating: row.rating,
    Title: row.title,
    Text: row.text,
    Role: row.role,
    DisplayName: row.displayName,
    Town: row.town,
    Status: row.status,
    RejectionReason: row.rejectionReason,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
  };
}

/** The review a request writes, once its consent and its text rules hold (else the error naming the rule). */
function inputOf(body: {
  Rating: number;
  Title: string;
  Text: string;
  Role: SiteReviewInput['role'];
  DisplayName: string;
  Town: string;
  PublishConsent?: boolean;
}): SiteReviewInput {
  if (body.PublishConsent !== true) throw new AppError('SiteReviewConsentRequired');
  const input = {
    rating: body.Rating,
    title: body.Title,
    // Stored as shown: Windows and old Mac line ends as one line feed, surrounding blanks gone.
    text: body.Text.replace(/\r\n?/g, '\n').trim(),
    role: body.Role,
    displayName: body.DisplayName,
    town: body.Town,
  };
  const contact = contactInSiteReview(input);
  if (contact !== null) throw new AppError(CONTACT_ERRORS[contact.kind], { message: `site review ${contact.field}` });
  const impersonation = impersonationInSiteReview(input);
  if (impersonation !== null) throw new AppError('SiteReviewReservedName', { message: `site review ${impersonation}` });
  return input;
}

/** Each user's writes, counted in the database after the login check (so the limit is per user). */
const writeLimit = {
  rateLimit: {
    max: SITE_REVIEW_WRITES_PER_HOUR,
    timeWindow: '1 hour',
    shared: true,
    hook: 'preHandler',
    keyGenerator: (request: { user: { id: number } }) => `site-review:${request.user.id}`,
  },
} as const;

const REQUEST_DESCRIPTION =
  'Rating 1-5, Title 3-120 characters, Text 20-2000, Role, the DisplayName (first name) and Town published with it, and PublishConsent: true (otherwise 400 SiteReviewConsentRequired). No link, e-mail address or phone number in any field: 400 SiteReviewHasLink, SiteReviewHasEmail or SiteReviewHasPhone. A DisplayName or Town that passes for Rexer or its staff (Rexer, Staff, Moderatore, Amministratore, Admin, in any spelling): 400 SiteReviewReservedName. The review waits for a moderator (Status pending). Each of POST and PUT: 10 calls an hour per user (429 TooManyRequests).';

/**
 * Reviews of Rexer (/diconodinoi): the approved ones for everybody, the caller's own (one per
 * user) from MyRexer, and the moderators' queue (users.is_moderator; anybody else 403).
 */
const siteReviewsModule: FastifyPluginAsyncZod = async function siteReviewsModule(fastify) {
  fastify.get(
    '/api/Review/Rexer',
    {
      schema: {
        tags: ['Review'],
        summary: 'Approved reviews of Rexer, newest first, with their count and average rating',
        querystring: SiteReviewListQuery,
        response: { 200: SiteReviewList, ...errorResponses() },
      },
    },
    async (request) => {
      const { Page, PageSize } = request.query;
      const { rows, count, average } = await listApproved(fastify.db, Page, PageSize);
      return {
        Items: rows.map(publicItem),
        Count: count,
        Average: average,
        Page,
        PageSize,
        TotalPages: Math.ceil(count / PageSize),
      };
    },
  );

  fastify.get(
    '/api/Review/Rexer/Mine',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['Review'],
        summary: 'The caller’s review of Rexer (null until written), with its status and what the form starts from',
        response: { 200: MySiteReviewAnswer, ...errorResponses(401) },
      },
    },
    async (request) => {
      const [row, suggested] = await Promise.all([
        findByAuthor(fastify.db, request.user.id),
        suggestionsFor(fastify.db, request.user.id),
      ]);
      return {
        Review: row ? ownItem(row) : null,
        Suggested: { DisplayName: suggested.name, Town: suggested.town },
      };
    },
  );

  fastify.post(
    '/api/Review/Rexer/Mine',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Review'],
        summary: 'Write the caller’s review of Rexer (one per user: 409 SiteReviewExists, edit it with PUT)',
        description: REQUEST_DESCRIPTION,
        body: SiteReviewRequest,
        response: { 201: MySiteReview, ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const row = await createReview(fastify.db, request.user.id, inputOf(request.body), new Date());
      if (row === 'exists') throw new AppError('SiteReviewExists');
      request.log.info({ siteReviewId: row.id }, 'site review written');
      return reply.code(201).send(ownItem(row));
    },
  );

  fastify.put(
    '/api/Review/Rexer/Mine',
    {
      preHandler: requireUser(),
      config: writeLimit,
      schema: {
        tags: ['Review'],
        summary: 'Edit the caller’s review of Rexer: it goes back to the moderators (pending, hidden meanwhile)',
        description: `${REQUEST_DESCRIPTION} No review yet: 404 SiteReviewNotFound.`,
        body: SiteReviewRequest,
        response: { 200: MySiteReview, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const row = await updateReview(fastify.db, request.user.id, inputOf(request.body), new Date());
      if (!row) throw new AppError('SiteReviewNotFound');
      return ownItem(row);
    },
  );

  fastify.get(
    '/api/Review/Rexer/Pending',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Review'],
        summary: 'Moderation: the reviews of Rexer waiting for a decision (moderators only, others 403)',
        response: { 200: ModerationSiteReviewList, ...errorResponses(401, 403) },
      },
    },
    async () => ({ Items: (await listPending(fastify.db)).map(moderationItem) }),
  );

  const decide = async (
    id: number,
    version: string,
    decision: { status: 'approved' } | { status: 'rejected'; reason: string },
    moderatorId: number,
  ) => {
    const row = await moderateReview(fastify.db, id, new Date(version), decision, moderatorId, new Date());
    if (row === 'missing') throw new AppError('SiteReviewNotFound');
    if (row === 'notPending') throw new AppError('SiteReviewNotPending');
    if (row === 'changed') throw new AppError('SiteReviewChanged');
    return moderationItem(row);
  };

  const DECISION_DESCRIPTION =
    'Version: the UpdatedAt of the review in the pending list, the text the moderator read. Its author edited it since: 409 SiteReviewChanged, nothing decided (reload the list). No longer waiting (another moderator decided): 409 SiteReviewNotPending. Unknown id: 404.';

  fastify.put(
    '/api/Review/Rexer/:id/Approve',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Review'],
        summary: 'Moderation: publish a waiting review of Rexer on /diconodinoi, the version the moderator read',
        description: DECISION_DESCRIPTION,
        params: SiteReviewParams,
        body: ApproveSiteReviewRequest,
        response: { 200: ModerationSiteReview, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const item = await decide(request.params.id, request.body.Version, { status: 'approved' }, request.user.id);
      request.log.info(
        { audit: 'site-review-approved', siteReviewId: item.Id, moderatorId: request.user.id },
        'audit: site review approved',
      );
      return item;
    },
  );

  fastify.put(
    '/api/Review/Rexer/:id/Reject',
    {
      preHandler: requireModerator(),
      schema: {
        tags: ['Review'],
        summary: 'Moderation: do not publish a waiting review of Rexer, saying why (shown to its author only)',
        description: DECISION_DESCRIPTION,
        params: SiteReviewParams,
        body: RejectSiteReviewRequest,
        response: { 200: ModerationSiteReview, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      const item = await decide(
        request.params.id,
        request.body.Version,
        { status: 'rejected', reason: request.body.Reason },
        request.user.id,
      );
      request.log.info(
        { audit: 'site-review-rejected', siteReviewId: item.Id, moderatorId: request.user.id },
        'audit: site review rejected',
      );
      return item;
    },
  );
};

export default siteReviewsModule;
