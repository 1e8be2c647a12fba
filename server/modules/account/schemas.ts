import { z } from 'zod';

const Portal = z.coerce.number().int().refine((value) => value === 5, { message: 'portal must be 5' });
/** Tokens the API issues: 43 URL-safe characters; a little slack for future formats. */
const IssuedToken = z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/);

export const AnonymousLoginRequest = z
  .object({ AnonymousToken: z.uuid(), portal: Portal })
  .meta({ id: 'AnonymousLoginRequest', description: 'A token the client generates for a visitor without an account.' });

export const SessionRequest = z
  .object({ userToken: IssuedToken.optional().describe('Left out by browsers: the user token of their session cookie is used.'), portal: Portal })
  .meta({ id: 'SessionRequest', description: 'Trades a user token for a session (bearer) token.' });

export const LoginRequest = z
  .object({
    username: z.email().max(254),
    password: z.string().min(1).max(256),
    RecaptchaToken: z.string().max(8192).optional(),
    registrationLoginPage: z.string().max(200).optional(),
    registrationLoginId: z.string().max(200).optional(),
  })
  .meta({ id: 'LoginRequest' });

export const TokenResponse = z.object({ Token: z.string().optional().describe('Left out when the request asked for cookies (X-Token-Transport: cookie).') }).meta({ id: 'TokenResponse' });

export const LoginResponse = z
  .object({ UserToken: z.string().optional().describe('Left out when the request asked for cookies.'), IsConfirmed: z.boolean(), TermsAndPrivacyConfirmed: z.boolean() })
  .meta({ id: 'LoginResponse' });

export const MeResponse = z
  .object({
    id: z.number().int(),
    email: z.string(),
    username: z.string(),
    name: z.string().nullable(),
    surname: z.string().nullable(),
    phone: z.string().nullable(),
    phonePrefix: z.string().nullable(),
    portal: z.number().int(),
    AccessType: z.number().int(),
    Provider: z.string(),
    RegistrationConfirmed: z.boolean(),
    CanChangePassword: z.boolean(),
    businessName: z.number().int(),
    companyName: z.string().nullable(),
    pecAddress: z.string().nullable(),
    VATNumber: z.string().nullable(),
    uniqueCode: z.string().nullable(),
    referentName: z.string().nullable(),
    referentSurname: z.string().nullable(),
    referentPhone: z.string().nullable(),
    birthdayDate: z.string().nullable(),
    birthdayCity: z.string().nullable(),
    birthdayCountry: z.string().nullable(),
    sex: z.string().nullable(),
    fiscalCode: z.string().nullable(),
    address: z.string().nullable().describe('From the residential address for private users, from the legal address for companies.'),
    number: z.string().nullable(),
    city: z.string().nullable(),
    postalCode: z.string().nullable(),
    province: z.string().nullable(),
    country: z.string().nullable(),
    termsConsent: z.boolean(),
    privacyConsent: z.boolean(),
    termsAndPrivacyConsent: z.boolean(),
    commercialConsent: z.boolean(),
    partnerConsent: z.boolean(),
    avatar: z.string().nullable().describe('The latest profile image: a URL with {dim} (PING or BIG) and {ext} (jpg) to fill in.'),
  })
  .meta({ id: 'MeResponse', description: 'The current user (spec section 3); with the address of its kind.' });

export const RegisterRequest = z
  .object({
    name: z.string().trim().min(1).max(100),
    surname: z.string().trim().min(1).max(100),
    email: z.email().max(254),
    phone: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/).optional(),
    TermsAndConditions: z.boolean(),
    InfoPrivacy: z.boolean(),
    PartnerConsent: z.boolean().default(false),
    commercialPartnerConsent: z.boolean().default(false),
    RecaptchaToken: z.string().max(8192).optional(),
    /** Without a password the account is created and the user sets one from the mail. */
    password: z.string().max(256).optional(),
    registrationLoginPage: z.string().max(200).optional(),
    registrationLoginId: z.string().max(200).optional(),
  })
  .meta({ id: 'RegisterRequest' });

export const RegisterResponse = z
  .object({ Email: z.string(), Token: z.string().optional().describe('A user token for the silent login; left out when the request asked for cookies.') })
  .meta({ id: 'RegisterResponse' });

export const ActionTokenParams = z.object({ token: z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/) });

export const ConfirmResponse = z.object({ Email: z.string() }).meta({ id: 'ConfirmResponse' });

export const NewPasswordRequest = z.object({ email: z.email().max(254) }).meta({ id: 'NewPasswordRequest' });
export const NewPasswordConfirmRequest = z.object({ token: z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/) }).meta({ id: 'NewPasswordConfirmRequest' });
export const NewPasswordChangeRequest = z
  .object({ Token: z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/), NewPassword: z.string().max(256) })
  .meta({ id: 'NewPasswordChangeRequest' });
export const UpdatePasswordRequest = z
  .object({ username: z.email().max(254), oldPassword: z.string().min(1).max(256), newPassword: z.string().max(256) })
  .meta({ id: 'UpdatePasswordRequest' });
export const OkResponse = z.object({ Ok: z.literal(true) }).meta({ id: 'OkResponse' });

const Phone = z.string().trim().regex(/^\+?[0-9 ]{6,20}$/);
/** An international dialling prefix: +39 for Italy. */
const PhonePrefix = z.string().trim().regex(/^\+[0-9]{1,4}$/);
export const UpdatePhoneRequest = z
  .object({ phone: Phone, phonePrefix: PhonePrefix.optional().describe('Kept as it is when left out.') })
  .meta({ id: 'UpdatePhoneRequest' });
export const UpdatePhoneAndTermsRequest = z
  .object({
    phone: Phone,
    termsAndConditions: z.boolean(),
    infoPrivacy: z.boolean(),
    partnerConsent: z.boolean().default(false),
    commercialPartnerConsent: z.boolean().default(false),
    registrationLoginPage: z.string().max(200).optional(),
    registrationLoginId: z.string().max(200).optional(),
  })
  .meta({ id: 'UpdatePhoneAndTermsRequest' });
export const UpdateTermsRequest = z.object({ RexerTermsAndConditions: z.boolean(), RexerPrivacy: z.boolean() }).meta({ id: 'UpdateTermsRequest' });
export const CommercialConsentRequest = z.object({ CommercialConsent: z.boolean() }).meta({ id: 'CommercialConsentRequest' });
export const PartnerConsentRequest = z.object({ PartnerConsent: z.boolean() }).meta({ id: 'PartnerConsentRequest' });
export const UserIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const AutoLoginQuery = z.object({ token: z.string().min(20).max(128).regex(/^[A-Za-z0-9_-]+$/) });

const Text = (max: number) => z.string().trim().min(1).max(max);
/**
 * Italian tax code of a person: six letters, birth year, month letter, day, place code and a
 * check letter; digits may be replaced by letters (omocodia), so those positions take both.
 */
const FiscalCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z]$/);
export const Address = z
  .object({
    address: Text(200),
    number: Text(20),
    city: Text(120),
    /** Italian CAP: five digits. */
    postalCode: z.string().trim().regex(/^[0-9]{5}$/),
    /** The province's two-letter code (MI, RM ...), stored in capitals. */
    province: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((value) => value.toUpperCase()),
    country: z.string().trim().min(2).max(60).default('IT'),
  })
  .meta({ id: 'Address' });

export const PrivateDataRequest = z
  .object({
    name: Text(100),
    surname: Text(100),
    phonePrefix: PhonePrefix.optional(),
    phone: z.string().trim().regex(/^[0-9 ]{6,20}$/).optional(),
    birthdayDate: z.iso.date().optional(),
    birthdayCity: z.string().trim().max(120).optional(),
    birthdayCountry: z.string().trim().max(80).optional(),
    sex: z.enum(['M', 'F']).optional(),
    fiscalCode: FiscalCode.optional(),
    residentialAddress: Address.optional(),
  })
  .meta({ id: 'PrivateDataRequest' });

export const CorporateDataRequest = z
  .object({
    companyName: Text(200),
    VATNumber: z.string().trim().regex(/^[0-9]{11}$/),
    pecAddress: z.email().max(254).optional(),
    /** SDI recipient code for e-invoices: 7 characters. */
    uniqueCode: z.string().trim().regex(/^[A-Za-z0-9]{7}$/).optional(),
    referentName: Text(100),
    referentSurname: Text(100),
    referentPhone: z.string().trim().regex(/^\+?[0-9 ]{6,20}$/).optional(),
    legalAddress: Address,
  })
  .meta({ id: 'CorporateDataRequest' });

export const BusinessNameRequest = z.object({ businessName: z.union([z.literal(0), z.literal(1)]) }).meta({ id: 'BusinessNameRequest' });

export const AnalyticsTokenParams = z.object({ token: z.string().min(16).max(512).regex(/^[A-Za-z0-9_-]+$/) });

export const SessionIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const SessionsResponse = z
  .object({
    Sessions: z.array(
      z.object({
        Id: z.number().int(),
        Browser: z.string().nullable().describe('Chrome, Safari, Firefox ... as the user agent says'),
        System: z.string().nullable().describe('The device model when known (iPhone), else the operating system (Windows, Android)'),
        DeviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
        Ip: z.string().nullable(),
        CreatedAt: z.string().describe('When this session logged in'),
        LastUsedAt: z.string().describe('The last time the session was renewed'),
        Current: z.boolean().describe('The session of this request'),
      }),
    ),
  })
  .meta({ id: 'SessionsResponse' });

export const EndOthersResponse = z.object({ Ok: z.literal(true), Ended: z.number().int().describe('How many sessions were ended') }).meta({ id: 'EndOthersResponse' });

export const ReauthenticateRequest = z.object({ password: z.string().min(1).max(256) }).meta({ id: 'ReauthenticateRequest' });
