import { z } from 'zod';
import { IdParams, OneLineText, PersonName, PlainName } from '../shared/schemas';

export { OkResponse } from '../shared/schemas';

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
    IsModerator: z
      .boolean()
      .describe('A Rexer moderator: MyRexer shows «Moderazione» (the reviews waiting for a decision).'),
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
    address: z
      .string()
      .nullable()
      .describe('From the residential address for private users, from the legal address for companies.'),
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
    avatar: z
      .string()
      .nullable()
      .describe('The latest profile image: a URL with {dim} (PING or BIG) and {ext} (jpg) to fill in.'),
    favorites: z
      .array(z.number().int())
      .describe('Ids of the listings the user keeps among the favourites, newest first.'),
  })
  .meta({ id: 'MeResponse', description: 'The current user (docs/spec.md §3); with the address of its kind.' });

export const UpdatePasswordRequest = z
  .object({ username: z.email().max(254), oldPassword: z.string().min(1).max(256), newPassword: z.string().max(256) })
  .meta({ id: 'UpdatePasswordRequest' });

const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ]{6,20}$/);
/** An international dialling prefix: +39 for Italy. */
const PhonePrefix = z
  .string()
  .trim()
  .regex(/^\+[0-9]{1,4}$/);
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
export const UpdateTermsRequest = z
  .object({ RexerTermsAndConditions: z.boolean(), RexerPrivacy: z.boolean() })
  .meta({ id: 'UpdateTermsRequest' });
export const CommercialConsentRequest = z
  .object({ CommercialConsent: z.boolean() })
  .meta({ id: 'CommercialConsentRequest' });
export const PartnerConsentRequest = z.object({ PartnerConsent: z.boolean() }).meta({ id: 'PartnerConsentRequest' });
export const UserIdParams = IdParams;

const Text = OneLineText;
/**
 * Italian tax code of a person: six letters, birth year, month letter, day, place code and a
 * check letter; digits may be replaced by letters (omocodia), so those positions take both.
 */
const FiscalCode = z
  .string()
  .trim()
  .regex(
    /^[A-Za-z]{6}[0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{2}[A-Za-z][0-9LMNPQRSTUVlmnpqrstuv]{3}[A-Za-z]$/,
  );
export const Address = z
  .object({
    address: Text(200),
    number: Text(20),
    city: Text(120),
    /** Italian CAP: five digits. */
    postalCode: z
      .string()
      .trim()
      .regex(/^[0-9]{5}$/),
    /** The province's two-letter code (MI, RM ...), stored in capitals. */
    province: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((value) => value.toUpperCase()),
    country: OneLineText(60).min(2).default('IT'),
  })
  .meta({ id: 'Address' });

export const PrivateDataRequest = z
  .object({
    name: PersonName(100),
    surname: PersonName(100),
    phonePrefix: PhonePrefix.optional(),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9 ]{6,20}$/)
      .optional(),
    birthdayDate: z.iso.date().optional(),
    birthdayCity: PlainName(120).optional(),
    birthdayCountry: PlainName(80).optional(),
    sex: z.enum(['M', 'F']).optional(),
    fiscalCode: FiscalCode.optional(),
    residentialAddress: Address.optional(),
  })
  .meta({ id: 'PrivateDataRequest' });

export const CorporateDataRequest = z
  .object({
    companyName: Text(200),
    VATNumber: z
      .string()
      .trim()
      .regex(/^[0-9]{11}$/),
    pecAddress: z.email().max(254).optional(),
    /** SDI recipient code for e-invoices: 7 characters. */
    uniqueCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{7}$/)
      .optional(),
    referentName: PersonName(100),
    referentSurname: PersonName(100),
    referentPhone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/)
      .optional(),
    legalAddress: Address,
  })
  .meta({ id: 'CorporateDataRequest' });

export const BusinessNameRequest = z
  .object({ businessName: z.union([z.literal(0), z.literal(1)]) })
  .meta({ id: 'BusinessNameRequest' });
