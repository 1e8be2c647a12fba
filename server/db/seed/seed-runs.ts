import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../database';
import { seedRuns } from '../schema';

export type SeedLog = (msg: string) => void;

/**
 * Applies one seed part at most once per version: the part's rows and its seed_runs
 * row commit together. Returns whether the part ran.
 */
export async function applySeedPart(
  db: Db,
  part: string,
  version: string,
  log: SeedLog,
  write: (tx: Tx) => Promise<string>,
  options: { rerunOnNewVersion: boolean } = { rerunOnNewVersion: true },
): Promise<boolean> {
  const [existing] = await db.select().from(seedRuns).where(eq(seedRuns.part, part));
  if (existing && (existing.version === version || !options.rerunOnNewVersion)) {
    if (existing.version !== version) log(`seed: ${part} ${existing.version} kept (this build has ${version})`);
    return false;
  }
  const started = Date.now();
  const summary = await db.transaction(async (tx) => {
    const text = await write(tx);
    await tx
      .insert(seedRuns)
      .values({ part, version, summary: text })
      .onConflictDoUpdate({ target: seedRuns.part, set: { version, summary: text, appliedAt: new Date() } });
    return text;
  });
  log(`seed: ${part} ${version} applied in ${Date.now() - started} ms (${summary})`);
  return true;
}

/** Splits rows into chunks so one INSERT stays well under PostgreSQL's 65535 parameters. */
export function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
