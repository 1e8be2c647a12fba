import { NETWORK_ERROR_CODES, someCause } from '../lib/error-cause';

/**
 * Whether an error means the database cannot be reached or is going away, rather than a fault of
 * the statement: a refused or dropped connection, a pool that waited too long for one, PostgreSQL
 * shutting down or starting up, too many connections. Such an error answers 503 (the load
 * balancer's and the client's cue to try again soon), never 500. Drizzle wraps the driver's error
 * in its own (`cause`), so the chain is walked.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(
    error,
    ({ code, message }) =>
      (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)),
  );
}

/** Socket errors, and PostgreSQL's SQLSTATEs of a server that cannot take the statement now. */
const UNAVAILABLE_CODES = new Set([
  ...NETWORK_ERROR_CODES,
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, shutting down, recovering)
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections
  '53300',
  // (class 08, connection_exception, is matched by its prefix)
]);

/** What node-postgres says, without a code, of a connection it lost or could not get in time. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated unexpectedly|the database system is (shutting down|starting up|in recovery mode))/;
