import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Result as LighthouseResult } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium';

/** Figures of one page: the median over its successful runs, metric by metric. */
export interface LighthousePageResult {
  path: string;
  runs: number;
  succeeded: number;
  /** Category scores 0..1 (null: the category could not be scored in any run). */
  performance: number | null;
  accessibility: number | null;
  seo: number | null;
  bestPractices: number | null;
  /** Milliseconds. */
  lcp: number | null;
  tbt: number | null;
  cls: number | null;
  /** Audits below their passing score in most successful runs, by category (the report's red and orange lines). */
  failing: Record<string, string[]>;
  /** Each failing audit: its title, its display value and what it points at (resources, elements), from the first run it failed in. */
  failingDetails: Record<string, FailingAudit>;
  /** Requests the page made to anything but 127.0.0.1 (blocked by the browser: this run is offline). */
  outside: string[];
  errors: string[];
  warnings: string[];
}

export interface FailingAudit {
  category: string;
  title: string;
  /** The report's summary of the audit ("Est savings of 24 KiB", "1 element found"...), if any. */
  displayValue?: string;
  /** The resources or elements the audit names: a path on this origin or a URL, an element's selector and label, with what it costs. */
  targets: string[];
}

/** At most this many targets per audit are kept (the largest first, as the report orders them). */
const MAX_TARGETS = 6;

const LIGHTHOUSE_CHROMIUM_FLAGS = [
  ...CHROMIUM_FLAGS,
  // Any host name but loopback fails at once instead of waiting on the closed network, so a
  // page (or an audit) reaching out would show here as a failed request, never as a hang.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
];

const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'];

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function numbers(values: (number | null | undefined)[]): number[] {
  return values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value));
}

/** The audits of a category, as the report lists them, that do not pass: binary below 1, scored below 0.9. */
function failingAudits(lhr: LighthouseResult): Map<string, string> {
  const failing = new Map<string, string>();
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      if (ref.group === 'hidden') continue;
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      const passing = audit.scoreDisplayMode === 'binary' ? 1 : 0.9;
      if (['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode) && audit.score < passing) {
        failing.set(ref.id, categoryId);
      }
    }
  }
  return failing;
}

type Item = Record<string, unknown>;

function isObject(value: unknown): value is Item {
  return typeof value === 'object' && value !== null;
}

function shorten(text: string, length = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** One row of an audit's table: what it points at (URL, element, source location) and its cost. */
function describeItem(item: Item, origin: string): string | undefined {
  const parts: string[] = [];
  const values = Object.values(item).filter(isObject);
  const url = typeof item.url === 'string' ? item.url : undefined;
  const source = values.find((value) => value.type === 'source-location' && typeof value.url === 'string');
  const node = values.find((value) => value.type === 'node');
  const where = url ?? (source ? `${String(source.url)}:${Number(source.line) + 1}` : undefined);
  if (where) parts.push(where.startsWith(origin) ? where.slice(origin.length) || '/' : where);
  if (node) {
    const label = typeof node.nodeLabel === 'string' ? ` "${shorten(node.nodeLabel, 40)}"` : '';
    parts.push(
      `${typeof node.selector === 'string' ? node.selector : typeof node.snippet === 'string' ? shorten(node.snippet) : 'element'}${label}`,
    );
  }
  if (parts.length === 0) {
    const text = ['label', 'description', 'groupLabel', 'entity']
      .map((key) => item[key])
      .find((value): value is string => typeof value === 'string');
    if (!text) return undefined;
    parts.push(shorten(text));
  }
  const costs: string[] = [];
  if (typeof item.wastedBytes === 'number') costs.push(`${(item.wastedBytes / 1024).toFixed(1)} KiB wasted`);
  if (typeof item.wastedMs === 'number' && item.wastedMs > 0) costs.push(`${Math.round(item.wastedMs)} ms`);
  if (typeof item.totalBytes === 'number' && costs.length > 0)
    costs.push(`of ${(item.totalBytes / 1024).toFixed(1)} KiB`);
  return costs.length > 0 ? `${parts.join(' ')} (${costs.join(' ')})` : parts.join(' ');
}

/** What an audit points at: the rows of its table, or of each table of a list (LCP element, layout shifts...). */
function auditTargets(details: unknown, origin: string): string[] {
  if (!isObject(details) || !Array.isArray(details.items)) return [];
  const rows =
    details.type === 'list'
      ? details.items.filter(isObject).flatMap((table) => (Array.isArray(table.items) ? table.items : []))
      : details.items;
  const targets = rows
    .filter(isObject)
    .map((item) => describeItem(item, origin))
    .filter((target): target is string => Boolean(target));
  const unique = [...new Set(targets)];
  return unique.length > MAX_TARGETS
    ? [...unique.slice(0, MAX_TARGETS), `… ${unique.length - MAX_TARGETS} more`]
    : unique;
}

function outsideRequests(lhr: LighthouseResult): string[] {
  const details = lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined;
  return (details?.items ?? [])
    .map((item) => item.url ?? '')
    .filter((url) => /^(https?|wss?):/.test(url) && !/^(https?|wss?):\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url));
}

/**
 * Lighthouse 12 (its default: mobile emulation, simulated slow 4G) on each page, `runs`
 * times, each run in a fresh headless Chromium from CHROMIUM_PATH (default Debian's).
 * A run that errors is reported and the others go on.
 */
export async function measureLighthouse(
  baseUrl: string,
  paths: string[],
  options: {
    runs: number;
    /** Writes each run's full report there (JSON, open it in the Lighthouse viewer). */ reportDir?: string;
  },
): Promise<LighthousePageResult[]> {
  // Loaded only when this section runs: Lighthouse is large.
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results: LighthousePageResult[] = [];
  for (const path of paths) {
    const lhrs: LighthouseResult[] = [];
    const errors: string[] = [];
    const warnings = new Set<string>();
    for (let run = 1; run <= options.runs; run++) {
      let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
      try {
        chrome = await chromeLauncher.launch({
          chromePath: CHROMIUM_PATH,
          chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS,
          logLevel: 'silent',
        });
        const result = await lighthouse(baseUrl + path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: CATEGORIES,
        });
        if (!result) throw new Error('Lighthouse returned no result');
        const { lhr } = result;
        if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
        for (const warning of lhr.runWarnings) warnings.add(warning);
        lhrs.push(lhr);
        if (options.reportDir) {
          mkdirSync(options.reportDir, { recursive: true });
          const name = `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-run${run}.json`;
          writeFileSync(join(options.reportDir, name), JSON.stringify(lhr));
        }
      } catch (caught) {
        errors.push(`run ${run}: ${caught instanceof Error ? caught.message : String(caught)}`);
      } finally {
        chrome?.kill();
      }
    }

    const score = (id: string) => median(numbers(lhrs.map((lhr) => lhr.categories[id]?.score)));
    const metric = (id: string) => median(numbers(lhrs.map((lhr) => lhr.audits[id]?.numericValue)));
    const votes = new Map<string, { category: string; count: number }>();
    for (const lhr of lhrs) {
      for (const [id, category] of failingAudits(lhr)) {
        votes.set(id, { category, count: (votes.get(id)?.count ?? 0) + 1 });
      }
    }
    const failing: Record<string, string[]> = {};
    const failingDetails: Record<string, FailingAudit> = {};
    const origin = new URL(baseUrl).origin;
    for (const [id, { category, count }] of votes) {
      if (count * 2 <= lhrs.length) continue;
      (failing[category] ??= []).push(id);
      const audit = lhrs
        .map((lhr) => ({ lhr, audit: lhr.audits[id] }))
        .find(({ lhr }) => failingAudits(lhr).has(id))?.audit;
      if (audit)
        failingDetails[id] = {
          category,
          title: audit.title,
          displayValue: audit.displayValue || undefined,
          targets: auditTargets(audit.details, origin),
        };
    }
    results.push({
      path,
      runs: options.runs,
      succeeded: lhrs.length,
      performance: score('performance'),
      accessibility: score('accessibility'),
      seo: score('seo'),
      bestPractices: score('best-practices'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      failing,
      failingDetails,
      outside: [...new Set(lhrs.flatMap(outsideRequests))],
      errors,
      warnings: [...warnings],
    });
  }
  return results;
}
