import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiClient, isApiErrorBody, unwrap, type ApiClient, type components } from '@/shared/api';

// The messages between a buyer and a listing's owner (server/modules/messages). Every key
// starts with 'messages', so the live events' `message` refreshes all of them at once.

export type MessageThread = components['schemas']['MessageThreadSummary'];
export type ThreadMessage = components['schemas']['MessageItem'];
export type ThreadMessages = components['schemas']['MessageThreadMessages'];

export const MESSAGES_KEY = ['messages'] as const;
export const UNREAD_KEY = ['messages', 'unread'] as const;
export const THREADS_KEY = ['messages', 'threads'] as const;
export const threadKey = (threadId: number) => ['messages', 'thread', threadId] as const;

/** Threads per page of the list. */
const THREADS_PAGE = 20;
/** Messages per call (the server's most); a thread is read to its newest message. */
const MESSAGES_PAGE = 100;
/** At most this many pages of one thread (10,000 messages), so a broken cursor cannot loop. */
const MESSAGES_PAGES_MAX = 100;

export const unreadQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: UNREAD_KEY,
    queryFn: async ({ signal }) =>
      unwrap('GET /api/Message/Unread', await client.GET('/api/Message/Unread', { signal })).Count,
    staleTime: 30_000,
  });

export const threadsQueryOptions = (client: ApiClient = apiClient) =>
  infiniteQueryOptions({
    queryKey: THREADS_KEY,
    queryFn: async ({ pageParam, signal }) =>
      unwrap(
        'GET /api/Message/Threads',
        await client.GET('/api/Message/Threads', {
          params: { query: { PageSize: THREADS_PAGE, ...(pageParam ? { Cursor: pageParam } : {}) } },
          signal,
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.NextCursor ?? undefined,
    staleTime: 30_000,
  });

/** A thread with all its messages, oldest first (the server pages them from the oldest). */
export const threadQueryOptions = (threadId: number, client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: threadKey(threadId),
    queryFn: async ({ signal }): Promise<ThreadMessages> => {
      let cursor: string | undefined;
      let result: ThreadMessages | undefined;
      for (let page = 0; page < MESSAGES_PAGES_MAX; page++) {
        const answer = unwrap(
          'GET /api/Message/Threads/{id}',
          await client.GET('/api/Message/Threads/{id}', {
            params: {
              path: { id: threadId },
              query: { PageSize: MESSAGES_PAGE, ...(cursor ? { Cursor: cursor } : {}) },
            },
            signal,
          }),
        );
        result = result ? { ...answer, Items: [...result.Items, ...answer.Items] } : answer;
        if (!answer.NextCursor) break;
        cursor = answer.NextCursor;
      }
      return result!;
    },
    staleTime: 10_000,
  });

/** Marks a thread read up to its newest message; the badge takes the count it answers. */
export async function markThreadRead(
  queryClient: QueryClient,
  threadId: number,
  client: ApiClient = apiClient,
): Promise<void> {
  const { Count } = unwrap(
    'PUT /api/Message/Threads/{id}/Read',
    await client.PUT('/api/Message/Threads/{id}/Read', { params: { path: { id: threadId } } }),
  );
  queryClient.setQueryData(UNREAD_KEY, Count);
  void queryClient.invalidateQueries({ queryKey: THREADS_KEY });
}

/** Why a message was not sent. */
export type SendFailure =
  | { kind: 'rateLimited'; retryAfterSeconds: number | null }
  | { kind: 'threadNotFound' }
  | { kind: 'invalidText' }
  | { kind: 'notAllowed' }
  | { kind: 'other' };

export class SendMessageError extends Error {
  readonly failure: SendFailure;

  constructor(failure: SendFailure) {
    super(`POST /api/Message failed: ${failure.kind}`);
    this.name = 'SendMessageError';
    this.failure = failure;
  }
}

function failureOf(status: number, body: unknown, retryAfter: string | null): SendFailure {
  const type = isApiErrorBody(body) ? body.ExceptionTypeString : undefined;
  if (type === 'MessageRateLimited' || status === 429) {
    const seconds = retryAfter ? Number.parseInt(retryAfter, 10) : Number.NaN;
    return { kind: 'rateLimited', retryAfterSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : null };
  }
  if (type === 'ThreadNotFound' || type === 'PropertyNotFound') return { kind: 'threadNotFound' };
  if (type === 'ValidationError') return { kind: 'invalidText' };
  if (type === 'InvalidAccessForRapidRegistration' || type === 'MessageToOwnListing') return { kind: 'notAllowed' };
  return { kind: 'other' };
}

export interface SentMessage {
  ThreadId: number;
  Id: number;
}

/** Sends `text` in a thread; throws a SendMessageError saying why it was not sent. */
export async function sendMessage(
  body: { ThreadId: number; Text: string },
  client: ApiClient = apiClient,
): Promise<SentMessage> {
  let result;
  try {
    result = await client.POST('/api/Message', { body });
  } catch {
    throw new SendMessageError({ kind: 'other' });
  }
  if (result.data) return result.data;
  throw new SendMessageError(
    failureOf(result.response.status, result.error, result.response.headers.get('retry-after')),
  );
}

/** The thread's cache with the message just sent at its end (until the thread is read again). */
export function withSentMessage(
  thread: ThreadMessages | undefined,
  message: ThreadMessage,
): ThreadMessages | undefined {
  if (!thread || thread.Items.some((item) => item.Id === message.Id)) return thread;
  return { ...thread, Items: [...thread.Items, message] };
}
