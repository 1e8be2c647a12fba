import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import firstPasswordRoutes from './first-password-routes';
import loginRoutes from './login-routes';
import recoveryRoutes from './recovery-routes';
import registrationRoutes from './registration-routes';
import sessionsRoutes from './sessions-routes';

export { LOCK_AFTER_FAILURES, LOCK_MS } from '../../auth/password-check';
export {
  CONFIRMATION_MAILS_PER_ACCOUNT,
  RECOVERY_MAILS_PER_ACCOUNT,
  RECOVERY_RATE_LIMIT,
  registerRateLimit,
} from './rate-limits';

/**
 * Sign-in and session: anonymous and password logins, tokens, single-use links, logout,
 * registration and confirmation, password recovery, the first password of a silent account,
 * the user's sessions and re-authentication.
 */
const signInModule: FastifyPluginAsyncZod = async function signInModule(fastify) {
  await fastify.register(loginRoutes);
  await fastify.register(registrationRoutes);
  await fastify.register(recoveryRoutes);
  await fastify.register(sessionsRoutes);
  await fastify.register(firstPasswordRoutes);
};

export default signInModule;
