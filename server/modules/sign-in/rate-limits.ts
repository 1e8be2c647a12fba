import type { FastifyInstance } from 'fastify';

/** Login attempts per client IP (LOGIN_RATE_LIMIT_MAX a minute); the per-account lock-out holds whatever the IP. */
export const loginRateLimit = (fastify: FastifyInstance) => ({
  max: fastify.config.loginRateLimitMax,
  timeWindow: '1 minute',
  ban: 10,
});
/** Anonymous logins per client IP: every new browser makes one. */
export const anonymousRateLimit = (fastify: FastifyInstance) => ({
  max: Math.max(60, fastify.config.loginRateLimitMax),
  timeWindow: '1 minute',
});
/** Registrations per client IP; an address that keeps going past it is banned for the window (429 IPBanned). */
/** Registrations per client IP an hour (REGISTER_RATE_LIMIT_MAX, 10 by default). */
export const registerRateLimit = (fastify: FastifyInstance) => ({
  max: fastify.config.registerRateLimitMax,
  timeWindow: '1 hour',
  ban: 10,
});
/** Password-recovery requests per client IP. */
export const RECOVERY_RATE_LIMIT = { max: 10, timeWindow: '1 hour', ban: 10 } as const;
/** Recovery mails per account an hour, whatever the IP. */
export const RECOVERY_MAILS_PER_ACCOUNT = 5;
/** Confirmation mails per account an hour (the registration's and the ones asked again). */
export const CONFIRMATION_MAILS_PER_ACCOUNT = 5;
/** First passwords of silent accounts (the listing wizard's step 30) per client IP: each try runs the strength checks. */
export const FIRST_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: '15 minutes', ban: 10 } as const;
