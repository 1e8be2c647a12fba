/**
 * A path of this site to go to after a flow, or null: never `//host` or `/\host` (browsers read
 * both as another host), never a scheme. Every `redirect` a page follows goes through here.
 */
export function sameSitePath(to: string | null | undefined): string | null {
  if (!to || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return null;
  return to;
}
