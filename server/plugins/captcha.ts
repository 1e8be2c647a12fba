import { eq, lte } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { verify as verifyPayload } from 'altcha-lib/frameworks/shared';
import type { Db } from '../db/database';
import { captchaSpentChallenges } from '../db/schema';
import { AppError } from '../errors/app-error';
import { errorResponses } from '../errors/error-body';

/**
 * The captcha of login and registration (`RecaptchaToken`): ALTCHA by default (a proof of
 * work the browser solves, checked here with no third party), reCAPTCHA when configured,
 * nothing with CAPTCHA=off (local scripting). The rate limits hold in every mode.
 */

/** A challenge is good for 10 minutes, and once. */
export const CHALLENGE_TTL_S = 10 * 60;
/** PBKDF2 rounds per attempt; with a 1-byte prefix a browser needs about 256 attempts (well under a second). */
const CHALLENGE_COST = 2_000;
/** reCAPTCHA's verify call gives up after this. */
const RECAPTCHA_TIMEOUT_MS = 5_000;

export interface Captcha {
  verify(token: string | undefined, ip: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    captcha: Captcha;
  }
}

/** Throws CaptchaFailed (400) when the captcha answer is missing or wrong. */
export async function assertCaptcha(fastify: FastifyInstance, token: string | undefined, ip: string): Promise<void> {
  if (!(await fastify.captcha.verify(token, ip))) throw new AppError('CaptchaFailed');
}

function isClientPayload(token: string): boolean {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    return (
      typeof parsed === 'object' &&
      parsed !== null &&
      'challenge' in parsed &&
      'solution' in parsed &&
      !('verificationData' in parsed)
    );
  } catch {
    return false;
  }
}

/**
 * The challenges already answered, so a solution is accepted once on whichever server it is
 * replayed: one row per spent challenge, written by a single `INSERT ... ON CONFLICT DO
 * NOTHING`, so of two servers verifying the same solution at once only one wins. A row lives
 * as long as its challenge could still verify; the housekeeping job deletes the rest.
 */
export function spentChallengesIn(db: Db, now: () => number = () => Date.now()) {
  return {
    async get(challengeId: string): Promise<boolean> {
      const [row] = await db
        .select({ expiresAt: captchaSpentChallenges.expiresAt })
        .from(captchaSpentChallenges)
        .where(eq(captchaSpentChallenges.challengeId, challengeId.slice(0, 128)))
        .limit(1);
      return row !== undefined && row.expiresAt.getTime() > now();
    },
    async set(challengeId: string): Promise<void> {
      await this.setIfAbsent(challengeId);
    },
    /** Records the challenge; false when it was already spent. */
    async setIfAbsent(challengeId: string): Promise<boolean> {
      // Issued at most CHALLENGE_TTL_S ago, so it expires at most CHALLENGE_TTL_S from now.
      const expiresAt = new Date(now() + CHALLENGE_TTL_S * 1000);
      const inserted = await db
        .insert(captchaSpentChallenges)
        .values({ challengeId: challengeId.slice(0, 128), expiresAt })
        .onConflictDoNothing({ target: captchaSpentChallenges.challengeId })
        .returning({ challengeId: captchaSpentChallenges.challengeId });
      return inserted.length === 1;
    },
  };
}

/** Deletes the spent challenges that could no longer verify anyway (the housekeeping job). */
export async function purgeSpentChallenges(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(captchaSpentChallenges)
    .where(lte(captchaSpentChallenges.expiresAt, now))
    .returning({ challengeId: captchaSpentChallenges.challengeId });
  return deleted.length;
}

function altcha(hmacKey: string, db: Db): Captcha & { challenge: () => Promise<unknown> } {
  const parameters = () => ({
    algorithm: 'PBKDF2/SHA-256',
    cost: CHALLENGE_COST,
    keyPrefix: '00',
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
  });
  const spent = spentChallengesIn(db);
  return {
    challenge: () => createChallenge({ deriveKey, hmacSignatureSecret: hmacKey, ...parameters() }),
    async verify(token) {
      // Only solutions of our own challenges: never a payload signed by a remote service.
      if (!token || token.length > 8192 || !isClientPayload(token)) return false;
      try {
        const result = await verifyPayload(token, deriveKey, hmacKey, undefined, spent);
        return result.error === null && result.verification?.verified === true;
      } catch {
        return false;
      }
    },
  };
}

function recaptcha(secret: string, verifyUrl: string): Captcha {
  return {
    async verify(token, ip) {
      if (!token || token.length > 8192) return false;
      try {
        const response = await fetch(verifyUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret, response: token, remoteip: ip }),
          signal: AbortSignal.timeout(RECAPTCHA_TIMEOUT_MS),
        });
        if (!response.ok) return false;
        const body = (await response.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

const ChallengeResponse = z
  .object({
    parameters: z.record(z.string(), z.unknown()),
    signature: z.string().optional(),
  })
  .loose()
  .meta({ id: 'CaptchaChallenge' });

const captchaRoutes: FastifyPluginAsyncZod = async function captchaRoutes(fastify) {
  const mode = fastify.config.captcha;
  const hmacKey = fastify.secrets.captchaHmacKey;
  const altchaCaptcha = mode === 'altcha' ? altcha(hmacKey, fastify.db) : undefined;
  const captcha: Captcha =
    mode === 'off'
      ? { verify: async () => true }
      : mode === 'recaptcha'
        ? recaptcha(fastify.config.recaptchaSecret ?? '', fastify.config.recaptchaVerifyUrl)
        : altchaCaptcha!;
  fastify.decorate('captcha', captcha);

  fastify.get(
    '/api/Account/Captcha',
    {
      schema: {
        tags: ['Account'],
        summary: 'A new ALTCHA challenge for the login and registration forms',
        response: { 200: ChallengeResponse, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      if (!altchaCaptcha) throw new AppError('NotFound');
      reply.header('cache-control', 'no-store');
      return (await altchaCaptcha.challenge()) as z.infer<typeof ChallengeResponse>;
    },
  );
};

export default fp(captchaRoutes, { name: 'captcha', fastify: '5.x' });
