import net from 'node:net';
import type { Server } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The servers being drained: what `/readyz` reads (keyed by the HTTP server every plugin shares). */
const draining = new WeakSet<Server>();

/** Whether this server is shutting down: its readiness answers 503 so the load balancer looks elsewhere. */
export function isDraining(server: Server): boolean {
  return draining.has(server);
}

/** What ends a server's long-lived answers (event streams) when it starts draining. */
const drainHooks = new WeakMap<Server, Set<() => void>>();

/**
 * Runs `end` when `server` starts draining: an answer that never finishes by itself (an event
 * stream) ends then, so that its connection does not hold the shutdown for the whole grace period.
 */
export function onDrain(server: Server, end: () => void): void {
  const hooks = drainHooks.get(server) ?? new Set();
  hooks.add(end);
  drainHooks.set(server, hooks);
}

/** How long a connection that sends nothing may stay open once the server stops taking new ones. */
const IDLE_AFTER_CLOSE_MS = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connectionsOf = (server: Server) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * Shuts a listening app down without dropping a request it accepted (SIGTERM under load):
 *
 * 1. Not ready any more (`/readyz` 503), and no new connection taken: the listener closes, a client
 *    connecting now is refused and goes to another server. Connections already open stay.
 * 2. Event streams end (`onDrain`). Every answer from now on says `Connection: close`: a request under way, or arriving on an
 *    open keep-alive connection, is answered in full, then its connection ends. A connection that
 *    sends nothing for a second is closed (a client sending on it at that instant is the only
 *    one that can see a reset; browsers retry those).
 * 3. Once no connection is left, or after `graceMs`, the app closes (its hooks, the job queue),
 *    whatever still runs is cut, and the caller closes the database.
 *
 * Node's own `server.close()` would close the idle keep-alive connections at once, racing clients
 * that are sending on them; closing the listener alone and letting each connection end after its
 * answer avoids that race.
 */
export async function drainAndClose(app: FastifyInstance, { graceMs }: { graceMs: number }): Promise<void> {
  const server = app.server;
  draining.add(server);
  server.prependListener('request', (_request, response) => response.setHeader('connection', 'close'));
  if (server.listening) net.Server.prototype.close.call(server);
  for (const end of drainHooks.get(server) ?? []) end();
  const started = Date.now();
  const deadline = started + graceMs;
  let idleClosed = false;
  while (Date.now() < deadline && (await connectionsOf(server)) > 0) {
    if (!idleClosed && Date.now() >= started + IDLE_AFTER_CLOSE_MS) {
      server.closeIdleConnections();
      idleClosed = true;
    }
    await sleep(25);
  }
  server.closeAllConnections();
  await app.close();
}
