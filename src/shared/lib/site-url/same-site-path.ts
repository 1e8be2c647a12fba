/** Control characters (browsers drop tab, CR and LF inside a URL, so `/\t/host` reads `//host`) and backslashes (read as `/`). */
const UNSAFE = /[\p{Cc}\\]/u;

/** `to` with its well-formed percent escapes decoded, byte by byte (a router or server may decode it once more). */
function decodedOnce(to: string): string {
  return to.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * A path of this site to go to after a flow, or null: never `//host` or `/\host` (browsers read
 * both as another host), never a scheme, never a control character or a backslash anywhere
 * (`/\t/host`, `/\n/host`, `\/host`: browsers drop the first and read the second as `/`), also
 * once percent-decoded (`/%09/host`, `/%5Chost`). Every `redirect` a page follows goes through here.
 */
export function sameSitePath(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || UNSAFE.test(to)) return null;
  const decoded = decodedOnce(to);
  if (decoded.startsWith('//') || UNSAFE.test(decoded)) return null;
  return to;
}
