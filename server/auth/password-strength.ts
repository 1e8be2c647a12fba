import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as italianDictionary } from '@zxcvbn-ts/language-it';
import { passwordProblem } from './password-rule';

/**
 * Beyond the spec's rule (length, a capital, a number, a symbol), a password must not be
 * easy to guess: zxcvbn estimates the guesses an attacker needs, with the common and the
 * Italian dictionaries (names, words, football clubs, keyboard walks) and the user's own
 * details; optionally, a range service of breached passwords (PWNED_PASSWORDS_URL) says
 * whether it appeared in a known breach.
 */

/** zxcvbn's scores run 0-4; 3 is "safely unguessable" for an online attack with limits. */
export const MIN_PASSWORD_SCORE = 3;

/** Words of this product that people put in its passwords. */
const PRODUCT_WORDS = ['rexer', 'casa', 'immobiliare', 'immobile', 'affitto', 'vendita', 'password'];

let factory: ZxcvbnFactory | undefined;
/** Built at the first check, not at start: the dictionaries take a moment to rank. */
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    graphs: adjacencyGraphs,
    dictionary: { ...commonDictionary, ...italianDictionary, rexer: PRODUCT_WORDS },
  });
  return factory;
}

/** The user's details as words to look for: names, the e-mail and its parts. */
export function userWords(details: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const detail of details) {
    if (!detail) continue;
    const value = detail.trim().toLowerCase();
    if (value.length >= 3) words.add(value);
    for (const part of value.split(/[^\p{L}\p{Nd}]+/u)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/**
 * True when the password is easy to guess: a low zxcvbn score, or a password that is the
 * user's own details with a few characters around them ('Mario.Rossi1!').
 */
export function isEasilyGuessed(password: string, userInputs: string[]): boolean {
  if (estimator().check(password, userInputs).score < MIN_PASSWORD_SCORE) return true;
  let rest = password;
  for (const word of [...userInputs].sort((a, b) => b.length - a.length)) {
    rest = rest.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu'), '');
  }
  return rest !== password && estimator().check(rest, userInputs).score < MIN_PASSWORD_SCORE;
}

/**
 * Whether the range service knows the password from a breach (k-anonymity: only the first 5
 * hex digits of its SHA-1 leave the server). Undefined when the service cannot answer: a
 * breach check that is down refuses nobody.
 */
export async function isBreached(password: string, serviceUrl: string, timeoutMs = 3000): Promise<boolean | undefined> {
  const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
  try {
    const res = await fetch(`${serviceUrl}/range/${sha1.slice(0, 5)}`, {
      headers: { 'Add-Padding': 'true' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) return undefined;
    const suffix = sha1.slice(5);
    for (const line of (await res.text()).split('\n')) {
      const [hash, count] = line.trim().split(':');
      if (hash?.toUpperCase() === suffix && Number(count) > 0) return true;
    }
    return false;
  } catch {
    return undefined;
  }
}

export type PasswordRefusal = 'InvalidPassword' | 'PasswordTooWeak' | 'PasswordBreached';

/**
 * Why a new password is refused, or undefined: the spec's rule first (InvalidPassword, its
 * text), then the guessability (PasswordTooWeak), then the breach check when configured.
 */
export async function passwordRefusal(
  password: string,
  opts: { userInputs: string[]; pwnedPasswordsUrl: string | undefined; onServiceDown?: () => void },
): Promise<PasswordRefusal | undefined> {
  if (passwordProblem(password)) return 'InvalidPassword';
  if (isEasilyGuessed(password, opts.userInputs)) return 'PasswordTooWeak';
  if (opts.pwnedPasswordsUrl) {
    const breached = await isBreached(password, opts.pwnedPasswordsUrl);
    if (breached === undefined) opts.onServiceDown?.();
    if (breached) return 'PasswordBreached';
  }
  return undefined;
}

/** Refuses a new password against the spec's rule, its guessability and (when configured) known breaches. */
export async function assertAcceptablePassword(
  fastify: FastifyInstance,
  request: FastifyRequest,
  password: string,
  details: (string | null | undefined)[],
): Promise<void> {
  const refusal = await passwordRefusal(password, {
    userInputs: userWords(details),
    pwnedPasswordsUrl: fastify.config.pwnedPasswordsUrl,
    onServiceDown: () =>
      request.log.warn(
        'password breach check: the range service did not answer, the password was not checked against it',
      ),
  });
  if (refusal) throw new AppError(refusal);
}
