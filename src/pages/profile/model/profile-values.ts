import type { MeProfile } from '@/entities/account';
import type { paths } from '@/shared/api';
import { passwordRuleProblem } from '@/shared/lib/password-rule';
import { isEmail, isOneLineText, isPersonName, isPhone, isPlainName } from '@/shared/lib/validation';

export type PrivateDataPayload =
  paths['/api/user/UpdatePrivateData']['put']['requestBody']['content']['application/json'];
export type CorporateDataPayload =
  paths['/api/user/UpdateCorporateData']['put']['requestBody']['content']['application/json'];
export type AddressPayload = paths['/api/user/Addresses/{type}']['put']['requestBody']['content']['application/json'];
export type StoredAddress =
  paths['/api/user/Addresses']['get']['responses'][200]['content']['application/json']['Addresses'][number];
export type AddressType = StoredAddress['Type'];

/**
 * Field errors: the field's name (`address.postalCode` for an address part) and the
 * translation key of its message in the `profile` namespace. Empty when the form may go.
 */
export type FieldErrors = Record<string, string>;

export interface AddressValues {
  address: string;
  number: string;
  city: string;
  postalCode: string;
  province: string;
  country: string;
}

export interface PrivateValues {
  name: string;
  surname: string;
  birthdayDate: string;
  birthdayCity: string;
  birthdayCountry: string;
  sex: '' | 'M' | 'F';
  fiscalCode: string;
  address: AddressValues;
}

export interface CompanyValues {
  companyName: string;
  VATNumber: string;
  pecAddress: string;
  uniqueCode: string;
  referentName: string;
  referentSurname: string;
  referentPhone: string;
  address: AddressValues;
}

export interface PhoneValues {
  prefix: string;
  phone: string;
}

export interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeat: string;
}

export const DEFAULT_PHONE_PREFIX = '+39';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

// The same rules as the API's schemas (server/modules/profile/schemas.ts), so a form the
// browser accepts is not refused by the server.
const POSTAL_CODE = /^[0-9]{5}$/;
const PROVINCE = /^[A-Za-z]{2}$/;
const FISCAL_CODE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
const VAT_NUMBER = /^[0-9]{11}$/;
const UNIQUE_CODE = /^[A-Za-z0-9]{7}$/;
const PHONE_PREFIX = /^\+[0-9]{1,4}$/;
const PHONE = /^[0-9 ]{6,20}$/;

const text = (value: string | null | undefined) => value ?? '';
const optional = (value: string) => value.trim() || undefined;

export const EMPTY_ADDRESS: AddressValues = {
  address: '',
  number: '',
  city: '',
  postalCode: '',
  province: '',
  country: 'IT',
};

/** The address Me gives (the residential one for private users, the legal one for companies). */
export function meAddress(me: MeProfile): AddressValues {
  return {
    address: text(me.address),
    number: text(me.number),
    city: text(me.city),
    postalCode: text(me.postalCode),
    province: text(me.province),
    country: me.country ?? 'IT',
  };
}

export function storedAddressValues(stored: StoredAddress | undefined): AddressValues {
  if (!stored) return EMPTY_ADDRESS;
  return {
    address: text(stored.address),
    number: text(stored.number),
    city: text(stored.city),
    postalCode: text(stored.postalCode),
    province: text(stored.province),
    country: stored.country || 'IT',
  };
}

export function privateValues(me: MeProfile): PrivateValues {
  return {
    name: text(me.name),
    surname: text(me.surname),
    birthdayDate: italianDate(text(me.birthdayDate).slice(0, 10)),
    birthdayCity: text(me.birthdayCity),
    birthdayCountry: text(me.birthdayCountry),
    sex: me.sex === 'M' || me.sex === 'F' ? me.sex : '',
    fiscalCode: text(me.fiscalCode),
    address: meAddress(me),
  };
}

export function companyValues(me: MeProfile): CompanyValues {
  return {
    companyName: text(me.companyName),
    VATNumber: text(me.VATNumber),
    pecAddress: text(me.pecAddress),
    uniqueCode: text(me.uniqueCode),
    // A company that never named a referent starts from the account holder.
    referentName: text(me.referentName ?? me.name),
    referentSurname: text(me.referentSurname ?? me.surname),
    referentPhone: text(me.referentPhone),
    address: meAddress(me),
  };
}

export function phoneValues(me: MeProfile): PhoneValues {
  const prefix = me.phonePrefix || DEFAULT_PHONE_PREFIX;
  // A number stored with its prefix inside (an older registration) shows the prefix once.
  const phone = text(me.phone).trim();
  const withoutPrefix = phone.startsWith(prefix)
    ? phone.slice(prefix.length).trim()
    : phone.startsWith(`00${prefix.slice(1)}`)
      ? phone.slice(prefix.length + 1).trim()
      : phone;
  return { prefix, phone: withoutPrefix };
}

/** Nothing typed in any field of the address. */
export function isBlankAddress(address: AddressValues): boolean {
  return [address.address, address.number, address.city, address.postalCode, address.province].every(
    (part) => part.trim() === '',
  );
}

/** An address is either left empty (when optional) or complete and well formed. */
export function addressErrors(
  address: AddressValues,
  { required }: { required: boolean },
  prefix = 'address.',
): FieldErrors {
  const errors: FieldErrors = {};
  if (!required && isBlankAddress(address)) return errors;
  if (!address.address.trim()) errors[`${prefix}address`] = 'errors.street';
  else if (!isOneLineText(address.address)) errors[`${prefix}address`] = 'errors.hiddenCharacters';
  if (!address.number.trim()) errors[`${prefix}number`] = 'errors.streetNumber';
  else if (!isOneLineText(address.number)) errors[`${prefix}number`] = 'errors.hiddenCharacters';
  if (!address.city.trim()) errors[`${prefix}city`] = 'errors.city';
  else if (!isOneLineText(address.city)) errors[`${prefix}city`] = 'errors.hiddenCharacters';
  if (!POSTAL_CODE.test(address.postalCode.trim())) errors[`${prefix}postalCode`] = 'errors.postalCode';
  if (!PROVINCE.test(address.province.trim())) errors[`${prefix}province`] = 'errors.province';
  return errors;
}

export function addressPayload(address: AddressValues): AddressPayload {
  return {
    address: address.address.trim(),
    number: address.number.trim(),
    city: address.city.trim(),
    postalCode: address.postalCode.trim(),
    province: address.province.trim().toUpperCase(),
    country: address.country.trim() || 'IT',
  };
}

/** A date the form may send: a real calendar day, not in the future, not before 1900. */
/** An ISO date (1990-04-12) as Italians write it (12/04/1990); anything else as it is. */
export function italianDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/** A date typed as gg/mm/aaaa (or with dashes or dots, one-digit day and month) as ISO; undefined when it is not one. */
export function isoFromItalianDate(value: string): string | undefined {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  return `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
}

function isBirthday(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 10) === value &&
    date.getUTCFullYear() >= 1900 &&
    date <= today
  );
}

export function privateErrors(values: PrivateValues, today = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = 'errors.name';
  else if (!isPersonName(values.name.trim())) errors.name = 'errors.nameCharacters';
  if (!values.surname.trim()) errors.surname = 'errors.surname';
  else if (!isPersonName(values.surname.trim())) errors.surname = 'errors.surnameCharacters';
  if (!isPlainName(values.birthdayCity.trim())) errors.birthdayCity = 'errors.birthPlace';
  if (!isPlainName(values.birthdayCountry.trim())) errors.birthdayCountry = 'errors.birthPlace';
  if (values.birthdayDate.trim() && !isBirthday(isoFromItalianDate(values.birthdayDate) ?? '', today))
    errors.birthdayDate = 'errors.birthdayDate';
  if (values.fiscalCode.trim() && !FISCAL_CODE.test(values.fiscalCode.trim().toUpperCase()))
    errors.fiscalCode = 'errors.fiscalCode';
  return { ...errors, ...addressErrors(values.address, { required: false }) };
}

export function privatePayload(values: PrivateValues): PrivateDataPayload {
  return {
    name: values.name.trim(),
    surname: values.surname.trim(),
    birthdayDate: values.birthdayDate.trim() ? isoFromItalianDate(values.birthdayDate) : undefined,
    birthdayCity: optional(values.birthdayCity),
    birthdayCountry: optional(values.birthdayCountry),
    sex: values.sex || undefined,
    fiscalCode: optional(values.fiscalCode)?.toUpperCase(),
    residentialAddress: isBlankAddress(values.address) ? undefined : addressPayload(values.address),
  };
}

export function companyErrors(values: CompanyValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.companyName.trim()) errors.companyName = 'errors.companyName';
  else if (!isOneLineText(values.companyName)) errors.companyName = 'errors.hiddenCharacters';
  if (!VAT_NUMBER.test(values.VATNumber.trim())) errors.VATNumber = 'errors.VATNumber';
  if (values.pecAddress.trim() && !isEmail(values.pecAddress)) errors.pecAddress = 'errors.pecAddress';
  if (values.uniqueCode.trim() && !UNIQUE_CODE.test(values.uniqueCode.trim())) errors.uniqueCode = 'errors.uniqueCode';
  if (!values.referentName.trim()) errors.referentName = 'errors.referentName';
  else if (!isPersonName(values.referentName.trim())) errors.referentName = 'errors.nameCharacters';
  if (!values.referentSurname.trim()) errors.referentSurname = 'errors.referentSurname';
  else if (!isPersonName(values.referentSurname.trim())) errors.referentSurname = 'errors.surnameCharacters';
  if (values.referentPhone.trim() && !isPhone(values.referentPhone)) errors.referentPhone = 'errors.phone';
  return { ...errors, ...addressErrors(values.address, { required: true }) };
}

export function companyPayload(values: CompanyValues): CorporateDataPayload {
  return {
    companyName: values.companyName.trim(),
    VATNumber: values.VATNumber.trim(),
    pecAddress: optional(values.pecAddress),
    uniqueCode: optional(values.uniqueCode)?.toUpperCase(),
    referentName: values.referentName.trim(),
    referentSurname: values.referentSurname.trim(),
    referentPhone: optional(values.referentPhone),
    legalAddress: addressPayload(values.address),
  };
}

export function phoneErrors(values: PhoneValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!PHONE_PREFIX.test(values.prefix.trim())) errors.prefix = 'errors.phonePrefix';
  if (!PHONE.test(values.phone.trim())) errors.phone = 'errors.phone';
  return errors;
}

export function passwordErrors(values: PasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.oldPassword) errors.oldPassword = 'errors.oldPassword';
  if (passwordRuleProblem(values.newPassword)) errors.newPassword = 'password.rule';
  else if (values.newPassword === values.oldPassword) errors.newPassword = 'errors.samePassword';
  if (values.repeat !== values.newPassword) errors.repeat = 'errors.repeat';
  return errors;
}

/** The outcome of a file chosen as profile image, before any upload. */
export function avatarProblem(file: File): 'avatarType' | 'avatarSize' | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}

/** The profile image at one of its sizes: Me gives a URL with {dim} and {ext} to fill in. */
export function avatarUrl(template: string, dim: 'PING' | 'BIG' = 'BIG'): string {
  return template.replace('{dim}', dim).replace('{ext}', 'jpg');
}
