import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum configuration (Password Storage Cheat Sheet:
 * m=19456 KiB, t=2, p=1). The seed and the account code hash with the same options,
 * so a demo account and a registered one are indistinguishable.
 */
export const ARGON2ID_OPTIONS = {
  // Algorithm is a const enum in @node-rs/argon2's types; 2 is Argon2id.
  algorithm: 2 as Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/** False for a wrong password and for a malformed hash alike. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
