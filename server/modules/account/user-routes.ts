import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userAddresses, userConsents, users } from '../../db/schema';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { queueConfirmationMail } from './mail';
import { removeProfileImages } from './profile-routes';
import { countRecentActionTokens, findTokenOfKind, findUserById, issueActionToken, revokeAllTokens, saveAddress } from './repository';
import { assertRecentAuthentication, changesPhone, CONSENT_TEXT_VERSION, requireUser, requireUserSession } from './session';
import {
  ActionTokenParams,
  BusinessNameRequest,
  CommercialConsentRequest,
  CorporateDataRequest,
  OkResponse,
  PartnerConsentRequest,
  PrivateDataRequest,
  UpdatePhoneAndTermsRequest,
  UpdatePhoneRequest,
  UpdateTermsRequest,
  UserIdParams,
} from './schemas';

type ConsentKind = 'terms' | 'privacy' | 'commercial' | 'partner';

/** Confirmation mails per account an hour (the registration's and the ones asked again). */
export const CONFIRMATION_MAILS_PER_ACCOUNT = 5;

/** The User calls of the profile: phone, terms, consents, new confirmation mail, deletion. */
const userRoutes: FastifyPluginAsyncZod = async function userRoutes(fastify) {
  const recordConsents = (userId: number, ip: string, source: string, consents: Partial<Record<ConsentKind, boolean>>) => {
    const now = new Date();
    const rows = Object.entries(consents).map(([kind, granted]) => ({
      userId,
      kind: kind as ConsentKind,
      granted: Boolean(granted),
      textVersion: CONSENT_TEXT_VERSION,
      source,
      ip: ip.slice(0, 45),
      recordedAt: now,
    }));
    return fastify.db.insert(userConsents).values(rows);
  };
  const ok = { Ok: true as const };
  /** Calls a rapid registration may make: phone, terms and consents (not password, data or deletion). */
  const RAPID = { allowRapidRegistration: true } as const;
  const secured = (summary: string) => ({ tags: ['User'], summary, response: { 200: OkResponse, ...errorResponses(401, 403) } });


  fastify.put('/api/user/UpdatePrivateData', { schema: { ...secured('Save the private profile'), body: PrivateDataRequest } }, async (request) => {
    const now = new Date();
    const { user, session } = await requireUserSession(fastify, request.headers.authorization, now);
    const b = request.body;
    if (changesPhone(user, b.phone, b.phonePrefix)) assertRecentAuthentication(session, now);
    await fastify.db
      .update(users)
      .set({
        name: b.name,
        surname: b.surname,
        phonePrefix: b.phonePrefix ?? user.phonePrefix,
        phone: b.phone ?? user.phone,
        birthdayDate: b.birthdayDate ?? null,
        birthdayCity: b.birthdayCity ?? null,
        birthdayCountry: b.birthdayCountry ?? null,
        sex: b.sex ?? null,
        fiscalCode: b.fiscalCode?.toUpperCase() ?? null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    if (b.residentialAddress) await saveAddress(fastify.db, user.id, 'residential', b.residentialAddress);
    return ok;
  });

  fastify.put('/api/user/UpdateCorporateData', { schema: { ...secured('Save the company profile'), body: CorporateDataRequest } }, async (request) => {
    const user = await requireUser(fastify, request.headers.authorization);
    const b = request.body;
    await fastify.db
      .update(users)
      .set({
        companyName: b.companyName,
        vatNumber: b.VATNumber,
        pecAddress: b.pecAddress ?? null,
        uniqueCode: b.uniqueCode?.toUpperCase() ?? null,
        referentName: b.referentName,
        referentSurname: b.referentSurname,
        referentPhone: b.referentPhone ?? null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id));
    await saveAddress(fastify.db, user.id, 'legal', b.legalAddress);
    return ok;
  });

  fastify.put('/api/User/ChangeBusinessName', { schema: { ...secured('Switch between private (0) and company (1)'), body: BusinessNameRequest } }, async (request) => {
    const user = await requireUser(fastify, request.headers.authorization);
    await fastify.db.update(users).set({ businessName: request.body.businessName, updatedAt: new Date() }).where(eq(users.id, user.id));
    return ok;
  });

  fastify.post('/api/user/updatePhone', { schema: { ...secured('Change the phone number (a change needs a recent login, a first number does not)'), body: UpdatePhoneRequest } }, async (request) => {
    const now = new Date();
    const { user, session } = await requireUserSession(fastify, request.headers.authorization, now, RAPID);
    const { phone, phonePrefix } = request.body;
    if (changesPhone(user, phone, phonePrefix)) assertRecentAuthentication(session, now);
    await fastify.db
      .update(users)
      .set({ phone, phonePrefix: phonePrefix ?? user.phonePrefix, updatedAt: new Date() })
      .where(eq(users.id, user.id));
    return ok;
  });

  fastify.post(
    '/api/User/UpdatePhoneAndTermsAndConditions',
    { schema: { ...secured('Complete a social registration: phone and consents'), body: UpdatePhoneAndTermsRequest } },
    async (request, reply) => {
      const now = new Date();
      const { user, session } = await requireUserSession(fastify, request.headers.authorization, now, RAPID);
      const body = request.body;
      if (!body.termsAndConditions || !body.infoPrivacy) throw new AppError('TermsNotAccepted');
      if (changesPhone(user, body.phone, undefined)) assertRecentAuthentication(session, now);
      await fastify.db.update(users).set({ phone: body.phone, updatedAt: new Date() }).where(eq(users.id, user.id));
      await recordConsents(user.id, request.ip, 'phone-terms', { terms: true, privacy: true, commercial: body.commercialPartnerConsent, partner: body.partnerConsent });
      // A social login waiting for its terms becomes the browser's session.
      fastify.browserSession.promoteTemporary(request, reply, new Date());
      return ok;
    },
  );

  fastify.post(
    '/api/User/UpdateRexerTermsAndConditions',
    { schema: { ...secured('Accept the current terms and privacy texts'), body: UpdateTermsRequest } },
    async (request, reply) => {
      const user = await requireUser(fastify, request.headers.authorization, new Date(), RAPID);
      if (!request.body.RexerTermsAndConditions || !request.body.RexerPrivacy) throw new AppError('TermsNotAccepted');
      await recordConsents(user.id, request.ip, 'terms-modal', { terms: true, privacy: true });
      // A browser whose login waited for the terms: its temporary record becomes the session.
      fastify.browserSession.promoteTemporary(request, reply, new Date());
      return ok;
    },
  );

  fastify.put('/api/User/ChangeCommercialConsent', { schema: { ...secured('Give or withdraw the commercial consent'), body: CommercialConsentRequest } }, async (request) => {
    const user = await requireUser(fastify, request.headers.authorization, new Date(), RAPID);
    await recordConsents(user.id, request.ip, 'profile', { commercial: request.body.CommercialConsent });
    return ok;
  });

  fastify.put('/api/user/ChangePartnerConsent', { schema: { ...secured('Give or withdraw the partner consent'), body: PartnerConsentRequest } }, async (request) => {
    const user = await requireUser(fastify, request.headers.authorization, new Date(), RAPID);
    await recordConsents(user.id, request.ip, 'profile', { partner: request.body.PartnerConsent });
    return ok;
  });

  fastify.get(
    '/api/Account/RequestNewConfirmationMail/:token',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      schema: { tags: ['Account'], summary: 'Mail a new confirmation link (the token comes with UserNotConfirmed)', params: ActionTokenParams, response: { 200: OkResponse, ...errorResponses() } },
    },
    async (request) => {
      const now = new Date();
      // The token a login answers with UserNotConfirmed, or an earlier mailed link: either only
      // asks for a new mail to the account's own address.
      const row = await findTokenOfKind(fastify.db, request.params.token, ['resend_confirmation', 'confirm_email']);
      if (!row || row.expiresAt <= now) throw new AppError('InvalidToken');
      const user = await findUserById(fastify.db, row.userId);
      if (!user || user.deletedAt) throw new AppError('InvalidToken');
      if (user.registrationConfirmed) throw new AppError('AlreadyConfirmedUser');
      // Whatever the IP: a mailbox gets at most a few confirmation mails an hour.
      if ((await countRecentActionTokens(fastify.db, user.id, 'confirm_email', new Date(now.getTime() - 60 * 60 * 1000))) >= CONFIRMATION_MAILS_PER_ACCOUNT) {
        throw new AppError('TooManyRequests');
      }
      const token = await issueActionToken(fastify.db, user.id, 'confirm_email', now);
      await queueConfirmationMail(fastify, { to: user.email, name: user.name ?? '', link: `${fastify.config.publicUrl}/mailconfermata/${token}` });
      return ok;
    },
  );

  fastify.delete('/api/user/:id', { schema: { ...secured('Delete the account: personal data removed, every token revoked (needs a recent login)'), params: UserIdParams } }, async (request, reply) => {
    const now = new Date();
    const { user, session } = await requireUserSession(fastify, request.headers.authorization, now);
    if (user.id !== request.params.id) throw new AppError('Forbidden');
    assertRecentAuthentication(session, now);
    await fastify.db.transaction(async (tx) => {
      await tx.delete(userAddresses).where(eq(userAddresses.userId, user.id));
      await tx
        .update(users)
        .set({
          email: `eliminato-${user.id}@deleted.invalid`,
          passwordHash: null,
          providerSubject: null,
          name: null,
          surname: null,
          phone: null,
          phonePrefix: null,
          birthdayDate: null,
          birthdayCity: null,
          birthdayCountry: null,
          sex: null,
          fiscalCode: null,
          companyName: null,
          pecAddress: null,
          vatNumber: null,
          uniqueCode: null,
          referentName: null,
          referentSurname: null,
          referentPhone: null,
          deletedAt: now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
    });
    await revokeAllTokens(fastify.db, user.id, now);
    await removeProfileImages(fastify, { userId: user.id });
    fastify.browserSession.clear(reply);
    return ok;
  });
};

export default userRoutes;
