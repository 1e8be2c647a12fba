import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { Db, Tx } from '../db/database';
import { liveSessionIds } from '../auth/repository';
import { AppError } from '../errors/app-error';
import { onDrain } from './graceful-shutdown';

// Live updates for a logged-in user (GET /api/Events, Server-Sent Events), across servers:
// - publishUserEvent(fastify, userId, event[, tx]) notifies the channel `user_events` of the
//   database (`pg_notify`), from any server; inside a transaction it goes out at the commit;
// - each server process LISTENs on the channel once, on a connection of its own (opened with
//   the first stream), and writes every notification to the open streams of its user on this
//   process;
// - a stream gets a heartbeat comment every 25 s, ends when its client goes, when its session
//   token expires (the client reconnects with a fresh one), at the heartbeat after its session is
//   revoked (a logout: the reconnection is refused), when the server closes and when the
//   LISTEN connection breaks (the client reconnects and reads again what it shows);
// - a user has at most 5 streams open per process (EventStreamLimitReached), and a process at
//   most 10,000 in all (503 ServiceUnavailable).
// Notifications are not stored: a client that was away reads the state again (the unread
// count, the threads) when its stream opens.

/** The channel every server listens on. */
export const USER_EVENTS_CHANNEL = 'user_events';

/** Streams a user may hold open at once on one server process. */
export const EVENT_STREAMS_PER_USER = 5;

/**
 * Streams one server process holds at most, whoever opens them (new accounts can each open
 * five): past it a stream is refused with 503, and the app refreshes by polling until a
 * reconnection finds room.
 */
export const EVENT_STREAMS_PER_PROCESS = 10_000;

/** The comment written to every stream this often, so proxies and browsers keep it open. */
export const EVENT_HEARTBEAT_MS = 25_000;

/** How long a client waits before reconnecting (the `retry:` of the stream). */
export const EVENT_RETRY_MS = 5_000;

/** A stream whose client reads slower than this many bytes behind is ended (it reconnects). */
const STREAM_BACKLOG_MAX = 256 * 1024;

/**
 * The events a user's streams receive: `event: message` and `event: appointment`, each with
 * its JSON `data`. Published by the messages module (a new message in one of the user's
 * threads) and the appointments module (a visit's status changed).
 */
export type UserEvent =
  | { event: 'message'; data: { ThreadId: number; Id: number } }
  | { event: 'appointment'; data: { AppointmentId: number; Status: number } };

const Id = z.number().int().positive().max(2_147_483_647);
const Notification = z.object({
  u: Id,
  e: z.discriminatedUnion('event', [
    z.object({ event: z.literal('message'), data: z.strictObject({ ThreadId: Id, Id }) }),
    z.object({
      event: z.literal('appointment'),
      data: z.strictObject({ AppointmentId: Id, Status: z.number().int().min(0).max(100) }),
    }),
  ]),
});

/**
 * Tells every server that `userId` has `event`: their open streams (on any server) receive it.
 * Given a transaction (`tx`), the notification leaves at its commit and never after a rollback;
 * without one it leaves at once (on `fastify.db`).
 */
export async function publishUserEvent(
  fastify: FastifyInstance,
  userId: number,
  event: UserEvent,
  tx?: Db | Tx,
): Promise<void> {
  const payload = JSON.stringify(Notification.parse({ u: userId, e: event }));
  await (tx ?? fastify.db).execute(sql`select pg_notify(${USER_EVENTS_CHANNEL}, ${payload})`);
}

/** The last words of a stream whose session token expires: renew the session and reconnect. */
export const SESSION_EXPIRED_TEXT = 'event: expired\ndata: {}\n\n';

/** A stream's text for an event. */
export function eventText(event: UserEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

interface OpenStream {
  userId: number;
  /** The session token the stream was opened with: checked again at every heartbeat. */
  sessionId: number;
  stream: PassThrough;
  end(): void;
}

export interface UserEventsHub {
  /**
   * Opens a stream for `userId` that ends by itself at `endsAt` (its session's expiry), or at
   * the first heartbeat after its session `sessionId` is revoked (a logout, a password change):
   * listening first, so whatever is published once it is returned reaches it. Throws
   * EventStreamLimitReached past the user's streams, ServiceUnavailable when the database
   * cannot listen.
   */
  open(userId: number, endsAt: Date, sessionId: number): Promise<PassThrough>;
  /** Streams open on this process (for tests and the log). */
  openStreams(userId?: number): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    userEvents: UserEventsHub;
  }
}

export interface UserEventsOptions {
  /** The heartbeat's period (default 25 s; tests use less). */
  heartbeatMs?: number;
  /** The streams this process holds at most (default EVENT_STREAMS_PER_PROCESS; tests use less). */
  maxStreams?: number;
}

/** The process's one LISTEN and its open streams, as `fastify.userEvents`. */
export default fp<UserEventsOptions>(
  async function userEvents(fastify, opts) {
    const heartbeatMs = opts.heartbeatMs ?? EVENT_HEARTBEAT_MS;
    const maxStreams = opts.maxStreams ?? EVENT_STREAMS_PER_PROCESS;
    const byUser = new Map<number, Set<OpenStream>>();
    let openCount = 0;
    let listening: Promise<() => Promise<void>> | null = null;
    let closing = false;

    const all = () => [...byUser.values()].flatMap((set) => [...set]);

    const deliver = (payload: string) => {
      let parsed: z.infer<typeof Notification>;
      try {
        parsed = Notification.parse(JSON.parse(payload));
      } catch {
        fastify.log.warn('user event: a notification of another shape was ignored');
        return;
      }
      const text = eventText(parsed.e as UserEvent);
      for (const open of byUser.get(parsed.u) ?? []) write(open, text);
    };

    const write = (open: OpenStream, text: string) => {
      if (open.stream.writableLength > STREAM_BACKLOG_MAX) {
        open.end();
        return;
      }
      open.stream.write(text);
    };

    const ensureListening = () => {
      if (listening) return listening;
      const listen = fastify.database.listen;
      if (!listen)
        return Promise.reject(new AppError('ServiceUnavailable', { message: 'this database cannot listen' }));
      const started = listen
        .call(fastify.database, USER_EVENTS_CHANNEL, deliver, () => {
          // The LISTEN connection broke: what was published meanwhile is lost, so the streams
          // end (their clients reconnect and read again); the next stream listens anew.
          fastify.log.warn('user events: the LISTEN connection was lost; open streams end');
          listening = null;
          for (const open of all()) open.end();
        })
        .catch((error: unknown) => {
          listening = null;
          throw new AppError('ServiceUnavailable', { message: 'user events: LISTEN failed', cause: error });
        });
      listening = started;
      return started;
    };

    // Each heartbeat asks the database, in one query, which streams' sessions still hold: a
    // stream whose session was revoked (on any server) ends, and its client's reconnection is
    // refused. A failed check ends nothing (the database may be away for a moment).
    let checking = false;
    const checkSessions = async () => {
      const open = all();
      if (checking || open.length === 0) return;
      checking = true;
      try {
        const live = await liveSessionIds(fastify.db, [...new Set(open.map((o) => o.sessionId))], new Date());
        for (const o of open) if (!live.has(o.sessionId)) o.end();
      } catch (error) {
        fastify.log.warn({ err: error }, 'user events: the sessions of the open streams could not be checked');
      } finally {
        checking = false;
      }
    };
    const heartbeat = setInterval(() => {
      for (const open of all()) write(open, ': heartbeat\n\n');
      void checkSessions();
    }, heartbeatMs);
    heartbeat.unref();

    fastify.decorate('userEvents', {
      async open(userId, endsAt, sessionId) {
        if (closing) throw new AppError('ServiceUnavailable', { message: 'the server is closing' });
        const full = () =>
          new AppError('ServiceUnavailable', { message: 'this server holds as many live streams as it may' });
        if ((byUser.get(userId)?.size ?? 0) >= EVENT_STREAMS_PER_USER) throw new AppError('EventStreamLimitReached');
        if (openCount >= maxStreams) throw full();
        await ensureListening();
        // Counted again: other streams may have opened while this one waited.
        const set = byUser.get(userId) ?? new Set<OpenStream>();
        if (set.size >= EVENT_STREAMS_PER_USER) throw new AppError('EventStreamLimitReached');
        if (openCount >= maxStreams) throw full();
        byUser.set(userId, set);
        const stream = new PassThrough();
        const open: OpenStream = {
          userId,
          sessionId,
          stream,
          end() {
            if (!set.delete(open)) return;
            openCount -= 1;
            if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
            clearTimeout(expiry);
            stream.end();
          },
        };
        set.add(open);
        openCount += 1;
        // The client goes (the response closes) or the stream ends: either way, it is over.
        stream.once('close', () => open.end());
        const untilExpiry = endsAt.getTime() - Date.now();
        // At the session's expiry the client is told why the stream ends (`event: expired`): it
        // renews its session and reconnects at once, rather than after a refused reconnection.
        const expiry = setTimeout(
          () => {
            write(open, SESSION_EXPIRED_TEXT);
            open.end();
          },
          Math.max(0, Math.min(untilExpiry, 2_147_000_000)),
        );
        expiry.unref();
        stream.write(`retry: ${EVENT_RETRY_MS}\n: open\n\n`);
        return stream;
      },
      openStreams(userId) {
        return userId === undefined ? all().length : (byUser.get(userId)?.size ?? 0);
      },
    } satisfies UserEventsHub);

    // Before the server stops taking connections (a SIGTERM's drain, or the close): the streams
    // end, so their connections are idle and the shutdown does not wait for them.
    const endStreams = () => {
      closing = true;
      clearInterval(heartbeat);
      for (const open of all()) open.end();
    };
    onDrain(fastify.server, endStreams);
    fastify.addHook('preClose', async () => endStreams());
    fastify.addHook('onClose', async () => {
      const stop = await listening?.catch(() => undefined);
      listening = null;
      await stop?.();
    });
  },
  { name: 'user-events', dependencies: ['context'], fastify: '5.x' },
);
