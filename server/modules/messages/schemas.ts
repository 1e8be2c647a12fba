import { z } from 'zod';
import { isMessageText, MESSAGE_TEXT_MAX, normalizeMessageText } from '@domain/message-text';
import { PathId, queryInt } from '../shared/query';

const Id = z.number().int().positive().max(2_147_483_647);

/** A message's text: 1-2000 characters after trimming, line breaks kept, no other control, direction or invisible character (domain/message-text.ts). */
export const MessageText = z
  .string()
  .trim()
  .min(1)
  .max(MESSAGE_TEXT_MAX + 200)
  .refine((value) => isMessageText(normalizeMessageText(value)), {
    message: 'text lines of 1-2000 characters, without control, direction or invisible characters',
  })
  .describe(
    `Plain text, 1-${MESSAGE_TEXT_MAX} characters after trimming; line breaks allowed (CRLF stored as LF), other control characters, direction marks and overrides and invisible characters refused. Stored and answered as typed: a link stays text, never HTML.`,
  );

/** An agency's slug, as in /agenzie/{slug} (agencies.slug). */
const AgencySlug = z
  .string()
  .max(200)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'an agency slug such as immobiliare-rossi-milano');

export const SendMessageRequest = z
  .object({
    PropertyId: Id.optional().describe(
      'A buyer writing about a listing: opens the thread with its owner, or continues it. Not with AgencySlug or ThreadId.',
    ),
    AgencySlug: AgencySlug.optional().describe(
      "Anybody writing to an agency from its page («Contatta l'agenzia»): opens the thread with the agency's account, or continues it. Not with PropertyId or ThreadId.",
    ),
    ThreadId: Id.optional().describe(
      'Either person of a thread answering in it (the owner or the agency answers this way). Not with PropertyId or AgencySlug.',
    ),
    Text: MessageText,
  })
  .refine(
    (body) => [body.PropertyId, body.AgencySlug, body.ThreadId].filter((value) => value !== undefined).length === 1,
    { message: 'exactly one of PropertyId, AgencySlug and ThreadId' },
  )
  .meta({
    id: 'SendMessageRequest',
    description:
      'A message: exactly one of PropertyId (a buyer about a listing), AgencySlug (anybody to an agency) and ThreadId (either person of a thread), and the Text.',
  });

export const SendMessageResponse = z
  .object({ ThreadId: z.number().int(), Id: z.number().int().describe('The new message.') })
  .meta({ id: 'SendMessageResponse' });

export const ThreadListing = z
  .object({
    Id: z.number().int(),
    Title: z.string(),
    ImageUrl: z.string().nullable().describe('The cover: the first listing image by position.'),
    CityName: z.string().nullable(),
  })
  .meta({ id: 'MessageThreadListing', description: 'The listing a thread is about.' });

export const ThreadAgency = z
  .object({
    Id: z.number().int(),
    Name: z.string(),
    Slug: z.string().describe('Its page is /agenzie/{Slug}.'),
    LogoUrl: z.string().nullable(),
  })
  .meta({ id: 'MessageThreadAgency', description: "The agency a thread is with («Contatta l'agenzia»)." });

export const ThreadSummary = z
  .object({
    Id: z.number().int(),
    Property: ThreadListing.nullable().describe('The listing the thread is about; null for a thread with an agency.'),
    Agency: ThreadAgency.nullable().describe('The agency the thread is with; null for a thread about a listing.'),
    Role: z
      .enum(['buyer', 'owner'])
      .describe(
        "The caller's side: the person who wrote first (about the listing, or to the agency), or the listing's owner (the agency's account).",
      ),
    OtherPartyName: z
      .string()
      .nullable()
      .describe("The other person's first name (never a surname, phone or e-mail); null when unknown."),
    LastMessage: z
      .object({
        Excerpt: z.string().describe('The start of the text on one line (at most 140 characters).'),
        SentAt: z.iso.datetime(),
        Mine: z.boolean(),
      })
      .nullable(),
    Unread: z.number().int().describe('Messages of the other person the caller has not read.'),
  })
  .meta({ id: 'MessageThreadSummary' });

export const ThreadList = z
  .object({
    Items: z.array(ThreadSummary).describe('Newest activity first.'),
    NextCursor: z.string().nullable().describe('Cursor of the next page; null on the last.'),
  })
  .meta({ id: 'MessageThreadList' });

export const ThreadsQuery = z.object({
  Cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/)
    .optional()
    .describe('NextCursor of the previous page.'),
  PageSize: queryInt(1, 50).default(20).describe('Threads per page, 1-50 (default 20).'),
});

export const MessageItem = z
  .object({
    Id: z.number().int(),
    Text: z.string().describe('As sent: plain text with line breaks (render it as text, never as HTML).'),
    Mine: z.boolean().describe('Sent by the caller.'),
    SentAt: z.iso.datetime(),
  })
  .meta({ id: 'MessageItem' });

export const ThreadMessages = z
  .object({
    Thread: ThreadSummary,
    Items: z.array(MessageItem).describe('Oldest first.'),
    NextCursor: z.string().nullable().describe('Cursor of the next (newer) page; null on the last.'),
  })
  .meta({ id: 'MessageThreadMessages' });

export const ThreadMessagesQuery = z.object({
  Cursor: z
    .string()
    .regex(/^[0-9]{1,10}$/)
    // A message id: an integer of the database (a larger one is no cursor the server gave).
    .refine((value) => Number(value) <= 2_147_483_647, { message: 'a message id' })
    .optional()
    .describe('NextCursor of the previous page.'),
  PageSize: queryInt(1, 100).default(50).describe('Messages per page, 1-100 (default 50).'),
});

export const ThreadParams = z.object({ id: PathId });

export const UnreadResponse = z
  .object({
    Count: z.number().int().describe("Messages of the other people, across the caller's threads, not read yet."),
  })
  .meta({ id: 'MessageUnread' });
