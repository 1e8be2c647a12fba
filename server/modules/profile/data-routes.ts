import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import { errorResponses } from '../../errors/error-body';
import { assertRecentAuthentication, changesPhone, requireUser } from '../../auth/require-user';
import { DEFAULT_PHONE_PREFIX, splitPhone } from '../../auth/phone';
import { deleteAccount } from './account-deletion';
import { recordConsents, saveAddress, updateCorporateData, updatePrivateData, updateUser } from './repository';
import {
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

/** The User calls of the profile: private and company data, phone, terms, consents, deletion. */
const userRoutes: FastifyPluginAsyncZod = async function userRoutes(fastify) {
  const ok = { Ok: true as const };
  /** Calls a rapid registration may make: phone, terms and consents (not password, data or deletion). */
  const RAPID = { allowRapidRegistration: true } as const;
  const secured = (summary: string) => ({
    tags: ['User'],
    summary,
    response: { 200: OkResponse, ...errorResponses(401, 403) },
  });

  fastify.put(
    '/api/user/UpdatePrivateData',
    { preHandler: requireUser(), schema: { ...secured('Save the private profile'), body: PrivateDataRequest } },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      const b = request.body;
      const phone =
        b.phone === undefined
          ? undefined
          : splitPhone(b.phone, b.phonePrefix ?? user.phonePrefix ?? DEFAULT_PHONE_PREFIX);
      if (changesPhone(user, phone?.number, phone?.prefix ?? b.phonePrefix)) assertRecentAuthentication(session, now);
      await updatePrivateData(fastify.db, user, {
        ...b,
        phone: phone?.number,
        phonePrefix: phone?.prefix ?? b.phonePrefix,
      });
      if (b.residentialAddress) await saveAddress(fastify.db, user.id, 'residential', b.residentialAddress);
      return ok;
    },
  );

  fastify.put(
    '/api/user/UpdateCorporateData',
    { preHandler: requireUser(), schema: { ...secured('Save the company profile'), body: CorporateDataRequest } },
    async (request) => {
      const { user } = request;
      const b = request.body;
      await updateCorporateData(fastify.db, user.id, b);
      await saveAddress(fastify.db, user.id, 'legal', b.legalAddress);
      return ok;
    },
  );

  fastify.put(
    '/api/User/ChangeBusinessName',
    {
      preHandler: requireUser(),
      schema: { ...secured('Switch between private (0) and company (1)'), body: BusinessNameRequest },
    },
    async (request) => {
      const { user } = request;
      await updateUser(fastify.db, user.id, { businessName: request.body.businessName });
      return ok;
    },
  );

  fastify.post(
    '/api/user/updatePhone',
    {
      preHandler: requireUser(RAPID),
      schema: {
        ...secured('Change the phone number (a change needs a recent login, a first number does not)'),
        body: UpdatePhoneRequest,
      },
    },
    async (request) => {
      const now = new Date();
      const { user, userSession: session } = request;
      // A number typed with its prefix ("+39 347…") is stored as prefix and number.
      const phone = splitPhone(
        request.body.phone,
        request.body.phonePrefix ?? user.phonePrefix ?? DEFAULT_PHONE_PREFIX,
      );
      if (changesPhone(user, phone.number, phone.prefix)) assertRecentAuthentication(session, now);
      await updateUser(fastify.db, user.id, { phone: phone.number, phonePrefix: phone.prefix });
      return ok;
    },
  );

  fastify.post(
    '/api/User/UpdatePhoneAndTermsAndConditions',
    {
      preHandler: requireUser(RAPID),
      schema: { ...secured('Complete a social registration: phone and consents'), body: UpdatePhoneAndTermsRequest },
    },
    async (request, reply) => {
      const now = new Date();
      const { user, userSession: session } = request;
      const body = request.body;
      if (!body.termsAndConditions || !body.infoPrivacy) throw new AppError('TermsNotAccepted');
      const phone = splitPhone(body.phone, user.phonePrefix ?? DEFAULT_PHONE_PREFIX);
      if (changesPhone(user, phone.number, phone.prefix)) assertRecentAuthentication(session, now);
      await updateUser(fastify.db, user.id, { phone: phone.number, phonePrefix: phone.prefix });
      await recordConsents(fastify.db, user.id, request.ip, 'phone-terms', {
        terms: true,
        privacy: true,
        commercial: body.commercialPartnerConsent,
        partner: body.partnerConsent,
      });
      // A social login waiting for its terms becomes the browser's session.
      fastify.browserSession.promoteTemporary(request, reply, new Date());
      return ok;
    },
  );

  fastify.post(
    '/api/User/UpdateRexerTermsAndConditions',
    {
      preHandler: requireUser(RAPID),
      schema: { ...secured('Accept the current terms and privacy texts'), body: UpdateTermsRequest },
    },
    async (request, reply) => {
      const { user } = request;
      if (!request.body.RexerTermsAndConditions || !request.body.RexerPrivacy) throw new AppError('TermsNotAccepted');
      await recordConsents(fastify.db, user.id, request.ip, 'terms-modal', { terms: true, privacy: true });
      // A browser whose login waited for the terms: its temporary record becomes the session.
      fastify.browserSession.promoteTemporary(request, reply, new Date());
      return ok;
    },
  );

  fastify.put(
    '/api/User/ChangeCommercialConsent',
    {
      preHandler: requireUser(RAPID),
      schema: { ...secured('Give or withdraw the commercial consent'), body: CommercialConsentRequest },
    },
    async (request) => {
      const { user } = request;
      await recordConsents(fastify.db, user.id, request.ip, 'profile', { commercial: request.body.CommercialConsent });
      return ok;
    },
  );

  fastify.put(
    '/api/user/ChangePartnerConsent',
    {
      preHandler: requireUser(RAPID),
      schema: { ...secured('Give or withdraw the partner consent'), body: PartnerConsentRequest },
    },
    async (request) => {
      const { user } = request;
      await recordConsents(fastify.db, user.id, request.ip, 'profile', { partner: request.body.PartnerConsent });
      return ok;
    },
  );

  fastify.delete(
    '/api/user/:id',
    {
      // The id as written, digits only: the schema's coercion would read `1e0` or ` 5` as a number.
      preValidation: async (request) => {
        if (!/^[1-9][0-9]*$/.test(String((request.params as { id?: unknown }).id)))
          throw new AppError('ValidationError', { message: 'params/id must be a positive integer' });
      },
      preHandler: requireUser(),
      schema: {
        ...secured('Delete the account: personal data removed, every token revoked (needs a recent login)'),
        params: UserIdParams,
      },
    },
    async (request, reply) => {
      const now = new Date();
      const { user, userSession: session } = request;
      if (user.id !== request.params.id) throw new AppError('Forbidden');
      assertRecentAuthentication(session, now);
      // Every table of the user (ACCOUNT_DELETION_COVERAGE), tokens and sessions included.
      await deleteAccount(fastify, user.id, now);
      request.log.info({ audit: 'account-deleted', userId: user.id, ip: request.ip }, 'audit: account deleted');
      fastify.browserSession.clear(reply);
      return ok;
    },
  );
};

export default userRoutes;
