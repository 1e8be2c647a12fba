import { inArray } from 'drizzle-orm';
import type { Db } from '../database';
import type { FileStorage } from '../../storage/file-storage';
import { DEMO_SEED_VERSION, seedDemo, type DemoSize } from './demo';
import { DOCUMENTS_SEED_VERSION, ensureDocuments } from './documents';
import { documents } from '../schema';
import { DISTRICTS_SEED_VERSION, seedDistricts } from './districts';
import { GEO_SEED_VERSION, seedGeo } from './geo';
import { REFERENCE_SEED_VERSION, seedReferenceLists } from './reference';
import { applySeedPart, type SeedLog } from './seed-runs';
import { SITE_REVIEWS_SEED_VERSION, seedExampleSiteReviews } from './site-reviews';

export type SeedLevel = 'demo' | 'reference' | 'none';
export type { DemoSize } from './demo';

export interface SeedOptions {
  level: SeedLevel;
  demoSize: DemoSize;
  storage: FileStorage;
  log: SeedLog;
}

/**
 * Seeds in parts, each applied once per version (seed_runs): the reference lists, the
 * geography, the downloadable documents, then the demo data (accounts, agencies,
 * listings, photos). 'reference' stops before the demo data. A second start finds every part recorded
 * and writes nothing.
 */
export async function runSeed(db: Db, opts: SeedOptions): Promise<void> {
  if (opts.level === 'none') return;
  await applySeedPart(db, 'reference-lists', REFERENCE_SEED_VERSION, opts.log, (tx) => seedReferenceLists(tx));
  await applySeedPart(db, 'geography', GEO_SEED_VERSION, opts.log, (tx) => seedGeo(tx, opts.log));
  // The quartieri of the demo cities, with their derived areas (search type district).
  await applySeedPart(db, 'districts', DISTRICTS_SEED_VERSION, opts.log, (tx) => seedDistricts(tx));
  // Terms, privacy and the guides are product content, so they come with the reference level.
  const files = await ensureDocuments(opts.storage);
  await applySeedPart(db, 'documents', DOCUMENTS_SEED_VERSION, opts.log, async (tx) => {
    await tx.delete(documents).where(
      inArray(
        documents.storageKey,
        files.map((d) => d.storageKey),
      ),
    );
    await tx.insert(documents).values(files.map((d) => ({ ...d, contentType: 'application/pdf' })));
    return `${files.length} documents`;
  });
  if (opts.level === 'demo') {
    await seedDemo(db, opts);
    // The example reviews of /diconodinoi: demo data, never on a server without DEMO_DATA.
    await applySeedPart(db, 'demo-site-reviews', SITE_REVIEWS_SEED_VERSION, opts.log, (tx) =>
      seedExampleSiteReviews(tx),
    );
  }
}

export { geoCoverage, type GeoCoverage } from './geo';
export { DEMO_SEED_VERSION };
