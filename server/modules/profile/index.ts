import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashPassword } from '../../db/password-hash';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { currentConsents, revokeOtherTokens, setPassword } from '../../auth/repository';
import { assertPassword } from '../../auth/password-check';
import { assertAcceptablePassword } from '../../auth/password-strength';
import { requireUser } from '../../auth/require-user';
import addressAvatarRoutes, { avatarOf } from './address-avatar-routes';
import dataRoutes from './data-routes';
import exportRoutes from './export-routes';
import { favoriteIdsOf } from '../favorites/repository';
import { addressOfKind } from './repository';
import { MeResponse, OkResponse, UpdatePasswordRequest } from './schemas';

/** The social provider as the user knows it: the configured name (Google ...) for the configured OpenID provider. */
export function providerLabel(provider: string, configuredName: string | undefined): string {
  if (configuredName && (provider === 'oidc' || provider === configuredName.toLowerCase())) return configuredName;
  return provider;
}

/**
 * The user's profile: who they are (Me), private and company data, phone, addresses, avatar,
 * consents, the password change and the deletion of the account.
 */
const profileModule: FastifyPluginAsyncZod = async function profileModule(fastify) {
  await fastify.register(dataRoutes);
  await fastify.register(addressAvatarRoutes);
  await fastify.register(exportRoutes);

  fastify.put(
    '/api/user/updatePassword',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['User'],
        summary: 'Change the password of the logged-in user',
        body: UpdatePasswordRequest,
        response: { 200: OkResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      if (user.email.toLowerCase() !== request.body.username.toLowerCase()) throw new AppError('Forbidden');
      // The current password is guessed under the login's lock-out, like any other try.
      await assertPassword(fastify.db, user, request.body.oldPassword, now);
      await assertAcceptablePassword(fastify, request, request.body.newPassword, [user.email, user.name, user.surname]);
      // Changed before the address is confirmed: the confirmation keeps it only if opened in this session.
      await setPassword(fastify.db, user.id, await hashPassword(request.body.newPassword), {
        confirm: false,
        now,
        setBy: user.registrationConfirmed ? null : session.userTokenId,
      });
      // Every other device is logged out; this one stays.
      await revokeOtherTokens(fastify.db, user.id, session.userTokenId, now);
      return { Ok: true as const };
    },
  );

  fastify.get(
    '/api/Account/Me',
    {
      preHandler: requireUser({ allowRapidRegistration: true }),
      schema: { tags: ['Account'], summary: 'The current user', response: { 200: MeResponse, ...errorResponses(401) } },
    },
    async (request) => {
      const { user } = request;
      // The user's consents, address of its kind and photo are independent reads: at once.
      const [consents, address, avatar, favorites] = await Promise.all([
        currentConsents(fastify.db, user.id),
        addressOfKind(fastify.db, user.id, user.businessName === 1 ? 'legal' : 'residential'),
        avatarOf(fastify.db, user.id),
        favoriteIdsOf(fastify.db, user.id),
      ]);
      return {
        id: user.id,
        email: user.email,
        username: user.email,
        name: user.name,
        surname: user.surname,
        phone: user.phone,
        phonePrefix: user.phonePrefix,
        portal: user.portal,
        AccessType: user.accessType,
        // A generic OpenID Connect identity shows the provider's configured name (Google, ...).
        Provider: providerLabel(user.provider, fastify.config.oidc?.providerName),
        RegistrationConfirmed: user.registrationConfirmed,
        CanChangePassword: user.passwordHash !== null,
        IsModerator: user.isModerator,
        businessName: user.businessName,
        companyName: user.companyName,
        pecAddress: user.pecAddress,
        VATNumber: user.vatNumber,
        uniqueCode: user.uniqueCode,
        referentName: user.referentName,
        referentSurname: user.referentSurname,
        referentPhone: user.referentPhone,
        birthdayDate: user.birthdayDate,
        birthdayCity: user.birthdayCity,
        birthdayCountry: user.birthdayCountry,
        sex: user.sex,
        fiscalCode: user.fiscalCode,
        address: address?.street ?? null,
        number: address?.number ?? null,
        city: address?.city ?? null,
        postalCode: address?.postalCode ?? null,
        province: address?.province ?? null,
        country: address?.country ?? null,
        termsConsent: consents.terms,
        privacyConsent: consents.privacy,
        termsAndPrivacyConsent: consents.terms && consents.privacy,
        commercialConsent: consents.commercial,
        partnerConsent: consents.partner,
        avatar,
        favorites,
      };
    },
  );
};

export default profileModule;
