import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The delete link of an alert mail: `/eliminaricerca/{id}?t={token}`, the token being the
 * base64url HMAC-SHA256 of `saved-search:{id}:{userId}` with the servers' shared key
 * (server/plugins/secrets.ts). It deletes that one search and nothing else, needs no login,
 * and stays valid as long as the search exists.
 */
export function deleteLinkToken(key: string, savedSearchId: number, userId: number): string {
  return createHmac('sha256', key).update(`saved-search:${savedSearchId}:${userId}`).digest('base64url');
}

/** Whether the token is the one of this search and user (compared in constant time). */
export function isDeleteLinkToken(key: string, savedSearchId: number, userId: number, token: string): boolean {
  const expected = Buffer.from(deleteLinkToken(key, savedSearchId, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page of the link, on the public site. */
export function deleteLinkUrl(publicUrl: string, key: string, savedSearchId: number, userId: number): string {
  return `${publicUrl}/eliminaricerca/${savedSearchId}?t=${deleteLinkToken(key, savedSearchId, userId)}`;
}
