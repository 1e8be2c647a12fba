export type LegalKind = 'terms' | 'privacy';

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  list?: string[];
}

// Document kinds of GET /api/Download/List (the server's reference list: 1 terms, 2 privacy).
const KIND_IDS: Record<LegalKind, number> = { terms: 1, privacy: 2 };
const KIND_CODES: Record<LegalKind, string> = { terms: 'terms', privacy: 'privacy' };
// A safety net should the list ever carry names instead of ids.
const FILE_NAMES: Record<LegalKind, RegExp> = {
  terms: /^termini/i,
  privacy: /privacy/i,
};

/** The downloadable PDF of a legal text, found by its kind. */
export function findLegalDownload<T extends { Kind: string | number; FileName?: string }>(
  downloads: readonly T[],
  kind: LegalKind,
): T | undefined {
  return (
    downloads.find((d) => d.Kind === KIND_IDS[kind] || String(d.Kind).toLowerCase() === KIND_CODES[kind]) ??
    downloads.find((d) => typeof d.Kind === 'string' && FILE_NAMES[kind].test(d.Kind)) ??
    downloads.find((d) => d.FileName !== undefined && FILE_NAMES[kind].test(d.FileName) && !/cookie/i.test(d.FileName))
  );
}

const sizeFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${sizeFormat.format(bytes / (1024 * 1024))} MB`;
}
