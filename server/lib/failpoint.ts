/**
 * Failpoints: named places in the code where a test may have the process killed with SIGKILL,
 * a real `kill -9` at the worst moment, deterministic (tests/api/crash-recovery.test.ts).
 *
 * `REXER_FAILPOINTS` (comma-separated names, read once at start-up by armFailpoints) names the
 * points armed; unset, `failpoint(name)` does nothing but compare against an empty set. Only a
 * test run (NODE_ENV=test) may arm them: any other process refuses to start with one armed.
 */

/** Every failpoint of the code, and where it sits. */
export const FAILPOINTS = {
  /** A listing upload's files are in storage (their pending_files rows committed) and their media rows are not inserted yet. */
  mediaFilesStored: 'media.files-stored',
  /** A listing upload's media rows are inserted, in their transaction, not committed. */
  mediaRowsBeforeCommit: 'media.rows-before-commit',
  /** A wizard step's save has written the listing, in its transaction, not committed. */
  wizardSaveBeforeCommit: 'wizard.save-before-commit',
  /** A payment provider's outcome is received and verified, nothing of it written yet. */
  paymentOutcomeReceived: 'payment.outcome-received',
  /** The order is marked paid, in the transaction, before its effect (plan, services, receipt) is applied. */
  paymentPaidBeforeEffect: 'payment.paid-before-effect',
  /** The order is marked paid and its effect applied, in the transaction, not committed. */
  paymentAppliedBeforeCommit: 'payment.applied-before-commit',
  /** The outcome is committed, the provider (or the browser) not answered yet. */
  paymentCommitted: 'payment.committed',
  /** An outbox row is claimed, the SMTP server not spoken to yet. */
  mailBeforeSend: 'mail.before-send',
  /** The SMTP server accepted the mail (250), its outbox row not yet marked sent. */
  mailAcceptedBeforeMark: 'mail.accepted-before-mark',
} as const;

export type FailpointName = (typeof FAILPOINTS)[keyof typeof FAILPOINTS];

const KNOWN = new Set<string>(Object.values(FAILPOINTS));

let armed: ReadonlySet<string> = new Set();

/** Why the failpoints of `env` cannot be armed, or null. */
export function failpointsError(env: Record<string, string | undefined>): string | null {
  const names = parseFailpoints(env.REXER_FAILPOINTS);
  if (names.length === 0) return null;
  // Only a test run may arm them: any other NODE_ENV (production, 'Production', staging, unset) refuses.
  if (env.NODE_ENV !== 'test')
    return 'REXER_FAILPOINTS is set: failpoints kill the process on purpose and are allowed only when NODE_ENV=test.';
  const unknown = names.filter((name) => !KNOWN.has(name));
  if (unknown.length > 0)
    return `REXER_FAILPOINTS names unknown failpoints: ${unknown.join(', ')} (known: ${[...KNOWN].join(', ')}).`;
  return null;
}

function parseFailpoints(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** Arms the failpoints `REXER_FAILPOINTS` names (once, at start-up); throws when failpointsError says why not. */
export function armFailpoints(env: Record<string, string | undefined> = process.env): void {
  const error = failpointsError(env);
  if (error !== null) throw new Error(error);
  armed = new Set(parseFailpoints(env.REXER_FAILPOINTS));
}

/** Kills this process with SIGKILL, at once, when `name` is armed; does nothing otherwise. */
export function failpoint(name: FailpointName): void {
  if (armed.size === 0 || !armed.has(name)) return;
  // Written synchronously: the test reads which point fired from the output.
  process.stderr.write(`failpoint ${name}: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
  // Nothing after the point runs while the signal lands.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10_000);
}
