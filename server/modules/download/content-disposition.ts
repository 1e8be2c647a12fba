/**
 * A Content-Disposition value that names the file in every browser: a plain ASCII
 * `filename` (quotes and non-ASCII replaced) and the exact name in RFC 5987 `filename*`.
 */
export function contentDisposition(fileName: string, type: 'inline' | 'attachment' = 'attachment'): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
