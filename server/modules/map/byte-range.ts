/**
 * One byte range of a `Range` header (RFC 9110 §14), as a PMTiles reader asks for it:
 * `bytes=0-16383` (first bytes), `bytes=100-` (from 100 to the end), `bytes=-500` (the last
 * 500). `null`: no usable range (no header, another unit, several ranges): answer the whole
 * file. `'unsatisfiable'`: the range starts past the end: answer 416.
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const length = Number(to);
    if (length === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}
