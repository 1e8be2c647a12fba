import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The analytics token of marketing links: the recipient's e-mail address, encrypted with
 * AES-256-GCM so the link neither shows the address nor can be forged. The landing page
 * trades it (GET /api/Account/DecryptAnalyticsToken/{token}) for the address to fill in
 * the login form. Layout: base64url(iv[12] | tag[16] | ciphertext).
 */

function keyOf(secret: string): Buffer {
  return createHash('sha256').update(`rexer-analytics-token:${secret}`).digest();
}

export function encryptAnalyticsToken(secret: string, email: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(email, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The address, or undefined for a token that was not made with this key or was altered. */
export function decryptAnalyticsToken(secret: string, token: string): string | undefined {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 12 + 16 + 3) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const email = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return /^[^\s@]+@[^\s@]+$/.test(email) ? email : undefined;
  } catch {
    return undefined;
  }
}
