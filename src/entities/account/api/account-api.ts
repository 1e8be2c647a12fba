import { queryOptions } from '@tanstack/react-query';
import { apiClient, isApiErrorBody, unwrap, PORTAL_ID, type ApiClient, type paths } from '@/shared/api';
import type { Credentials, LoginFailure, LoginResult } from '@domain/session';

// The Account and User calls of the session flows. The web app asks for its tokens in
// HttpOnly cookies: they never reach page scripts, and nothing here answers one.

export type MeProfile = paths['/api/Account/Me']['get']['responses'][200]['content']['application/json'];
export type RegisterPayload = paths['/api/Account/Register']['post']['requestBody']['content']['application/json'];
export type PhoneAndTermsPayload =
  paths['/api/User/UpdatePhoneAndTermsAndConditions']['post']['requestBody']['content']['application/json'];

function failureName(error: unknown): string | undefined {
  return isApiErrorBody(error) ? error.ExceptionTypeString : undefined;
}

export const meQueryOptions = (client: ApiClient = apiClient) =>
  queryOptions({
    queryKey: ['account', 'me'],
    queryFn: async ({ signal }) => unwrap('GET /api/Account/Me', await client.GET('/api/Account/Me', { signal })),
    staleTime: 60_000,
  });

export async function anonymousLogin(client: ApiClient = apiClient): Promise<void> {
  unwrap(
    'AnonymousLogin',
    await client.POST('/api/Account/AnonymousLogin', {
      body: { AnonymousToken: crypto.randomUUID(), portal: PORTAL_ID },
    }),
  );
}

/** Trades the user token of the session cookie for a new bearer cookie. */
export async function exchangeSession(client: ApiClient = apiClient): Promise<void> {
  unwrap('Session', await client.POST('/api/Account/Session', { body: { portal: PORTAL_ID } }));
}

/** Rejects with a LoginFailure (docs/spec.md §8) that the machine records. */
export async function login(credentials: Credentials, client: ApiClient = apiClient): Promise<LoginResult> {
  const result = await client.POST('/api/Account/Login', {
    body: {
      username: credentials.username.trim(),
      password: credentials.password,
      RecaptchaToken: credentials.recaptchaToken,
    },
  });
  if (result.data) {
    return { isConfirmed: result.data.IsConfirmed, termsAndPrivacyConfirmed: result.data.TermsAndPrivacyConfirmed };
  }
  const error: unknown = result.error;
  const name = failureName(error);
  const failure: LoginFailure =
    name === 'WrongCredentials' ||
    name === 'InvalidPassword' ||
    name === 'EmailIsUsedInSocialLogin' ||
    name === 'PasswordAttemptsExceeded' ||
    name === 'IPBanned' ||
    name === 'UserIsSuspendedOrDeleted'
      ? { kind: name }
      : name === 'UserNotConfirmed'
        ? {
            kind: name,
            confirmationToken:
              typeof (error as { Token?: unknown }).Token === 'string' ? (error as { Token: string }).Token : undefined,
          }
        : result.response.status === 429
          ? { kind: 'IPBanned' }
          : { kind: 'Other' };
  throw failure;
}

export async function acceptTerms(client: ApiClient = apiClient): Promise<void> {
  unwrap(
    'UpdateRexerTermsAndConditions',
    await client.POST('/api/User/UpdateRexerTermsAndConditions', {
      body: { RexerTermsAndConditions: true, RexerPrivacy: true },
    }),
  );
}

export async function logout(client: ApiClient = apiClient): Promise<void> {
  await client.POST('/api/Account/Logout');
}

/** Why the server refused a new password: the spec's rule, too easy to guess, or known from a breach. */
export type PasswordRefusal = 'InvalidPassword' | 'PasswordTooWeak' | 'PasswordBreached';

/** The account namespace's message for each refusal. */
export const PASSWORD_REFUSAL_KEY: Record<PasswordRefusal, string> = {
  InvalidPassword: 'passwordRule',
  PasswordTooWeak: 'passwordTooWeak',
  PasswordBreached: 'passwordBreached',
};

function passwordRefusalOf(error: unknown): PasswordRefusal | undefined {
  const name = failureName(error);
  return name === 'InvalidPassword' || name === 'PasswordTooWeak' || name === 'PasswordBreached' ? name : undefined;
}

/** How a registration ended (docs/spec.md §8, Register 400). */
export type RegisterOutcome =
  | { kind: 'registered'; email: string }
  | { kind: 'alreadyRegistered'; social: boolean }
  | { kind: 'webAccountError'; code: 96 | 97 }
  | { kind: 'passwordRefused'; refusal: PasswordRefusal }
  | { kind: 'captcha' }
  | { kind: 'error' };

export async function register(payload: RegisterPayload, client: ApiClient = apiClient): Promise<RegisterOutcome> {
  const result = await client.POST('/api/Account/Register', { body: payload });
  if (result.data) return { kind: 'registered', email: result.data.Email };
  const error: unknown = result.error;
  if (isApiErrorBody(error)) {
    if (error.ExceptionTypeString === 'MailAlreadyRegistered') return { kind: 'alreadyRegistered', social: false };
    if (error.ExceptionTypeString === 'EmailIsUsedInSocialLogin') return { kind: 'alreadyRegistered', social: true };
    if (error.ExceptionType === 96 || error.ExceptionType === 97)
      return { kind: 'webAccountError', code: error.ExceptionType };
    const refusal = passwordRefusalOf(error);
    if (refusal) return { kind: 'passwordRefused', refusal };
    if (error.ExceptionTypeString === 'CaptchaFailed') return { kind: 'captcha' };
  }
  return { kind: 'error' };
}

/**
 * How a confirmation link ended. `passwordToken`: the account had a password chosen before the
 * confirmation in another browser, which no longer logs in; with this token the page chooses a
 * new one (setNewPassword) or keeps it when the visitor types it (keepPassword).
 */
/**
 * A confirmed address: `passwordToken` when a password chosen elsewhere was suspended,
 * `choosePasswordToken` when the account has none yet, `sessionKept` when this browser's session
 * is the account's own and goes on.
 */
export type ConfirmOutcome =
  | { kind: 'confirmed'; email: string; passwordToken?: string; choosePasswordToken?: string; sessionKept: boolean }
  | { kind: 'alreadyConfirmed' }
  | { kind: 'error' };

export async function confirmMail(token: string, client: ApiClient = apiClient): Promise<ConfirmOutcome> {
  const result = await client.GET('/api/Account/Confirm/{token}', { params: { path: { token } } });
  if (result.data) {
    const { Email, PasswordToken, ChoosePasswordToken, SessionKept } = result.data;
    return {
      kind: 'confirmed',
      email: Email,
      sessionKept: SessionKept,
      ...(PasswordToken ? { passwordToken: PasswordToken } : {}),
      ...(ChoosePasswordToken ? { choosePasswordToken: ChoosePasswordToken } : {}),
    };
  }
  return failureName(result.error) === 'AlreadyConfirmedUser' ? { kind: 'alreadyConfirmed' } : { kind: 'error' };
}

/** How keeping the password chosen before the confirmation ended; `loggedIn`: the session is in the cookies. */
export type KeepPasswordOutcome =
  | { kind: 'loggedIn'; termsPending: boolean }
  | { kind: 'wrongPassword' }
  | { kind: 'locked' }
  | { kind: 'expired' }
  | { kind: 'error' };

export async function keepPassword(
  token: string,
  password: string,
  client: ApiClient = apiClient,
): Promise<KeepPasswordOutcome> {
  const result = await client.POST('/api/Account/KeepPassword', { body: { Token: token, Password: password } });
  if (result.data) return { kind: 'loggedIn', termsPending: !result.data.TermsAndPrivacyConfirmed };
  const name = failureName(result.error);
  if (name === 'WrongCredentials') return { kind: 'wrongPassword' };
  if (name === 'PasswordAttemptsExceeded' || result.response.status === 429) return { kind: 'locked' };
  if (name === 'InvalidToken' || name === 'ExpiredToken') return { kind: 'expired' };
  return { kind: 'error' };
}

export async function requestNewConfirmationMail(token: string, client: ApiClient = apiClient): Promise<boolean> {
  const result = await client.GET('/api/Account/RequestNewConfirmationMail/{token}', { params: { path: { token } } });
  return result.data !== undefined;
}

/** docs/spec.md §8: 403 type 10 is an unconfirmed address (type 1), anything else "no user" (type 2). */
export type RecoveryOutcome = { kind: 'sent' } | { kind: 'notConfirmed' } | { kind: 'noUser' };

export async function requestPasswordRecovery(email: string, client: ApiClient = apiClient): Promise<RecoveryOutcome> {
  const result = await client.POST('/api/Account/NewPassword/', { body: { email: email.trim() } });
  if (result.data) return { kind: 'sent' };
  const error: unknown = result.error;
  return result.response.status === 403 && isApiErrorBody(error) && error.ExceptionType === 10
    ? { kind: 'notConfirmed' }
    : { kind: 'noUser' };
}

/** The address a recovery or set-password link is for, or null when the link is no longer good. */
export async function checkPasswordLink(token: string, client: ApiClient = apiClient): Promise<string | null> {
  const result = await client.POST('/api/Account/NewPassword/Confirm', { body: { token } });
  return result.data?.Email ?? null;
}

export async function setNewPassword(
  token: string,
  password: string,
  client: ApiClient = apiClient,
): Promise<'ok' | PasswordRefusal | 'error'> {
  const result = await client.POST('/api/Account/NewPassword/Change', {
    body: { Token: token, NewPassword: password },
  });
  if (result.data) return 'ok';
  return passwordRefusalOf(result.error) ?? 'error';
}

/** Logs in from a CRM link (LoginLink) or a mail link (AutoLogin); the session lands in cookies. */
export async function autoLogin(
  kind: 'crm' | 'mail',
  token: string,
  client: ApiClient = apiClient,
): Promise<LoginResult | null> {
  const result =
    kind === 'crm'
      ? await client.GET('/api/Account/AutoLoginSalesForce/', { params: { query: { token } } })
      : await client.GET('/api/Account/Autologin', { params: { query: { token } } });
  if (!result.data) return null;
  return { isConfirmed: result.data.IsConfirmed, termsAndPrivacyConfirmed: result.data.TermsAndPrivacyConfirmed };
}

export async function decryptAnalyticsToken(token: string, client: ApiClient = apiClient): Promise<string | null> {
  const result = await client.GET('/api/Account/DecryptAnalyticsToken/{token}', { params: { path: { token } } });
  return result.data?.Email ?? null;
}

export async function updatePhoneAndTerms(
  payload: PhoneAndTermsPayload,
  client: ApiClient = apiClient,
): Promise<boolean> {
  const result = await client.POST('/api/User/UpdatePhoneAndTermsAndConditions', { body: payload });
  return result.data !== undefined;
}
