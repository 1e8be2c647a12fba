import { z } from 'zod';
import { IdParams, IssuedToken, PersonName, PortalId, TokenParams } from '../shared/schemas';

export { OkResponse } from '../shared/schemas';

export const AnonymousLoginRequest = z.object({ AnonymousToken: z.uuid(), portal: PortalId }).meta({
  id: 'AnonymousLoginRequest',
  description: 'A token the client generates for a visitor without an account.',
});

export const SessionRequest = z
  .object({
    userToken: IssuedToken.optional().describe('Left out by browsers: the user token of their session cookie is used.'),
    portal: PortalId,
  })
  .meta({
    id: 'SessionRequest',
    description: 'Trades a user token for a session (bearer) token.',
  });

export const LoginRequest = z
  .object({
    username: z.email().max(254),
    password: z.string().min(1).max(256),
    RecaptchaToken: z.string().max(8192).optional(),
    registrationLoginPage: z.string().max(200).optional(),
    registrationLoginId: z.string().max(200).optional(),
  })
  .meta({ id: 'LoginRequest' });

export const TokenResponse = z
  .object({
    Token: z.string().optional().describe('Left out when the request asked for cookies (X-Token-Transport: cookie).'),
  })
  .meta({ id: 'TokenResponse' });

export const LoginResponse = z
  .object({
    UserToken: z.string().optional().describe('Left out when the request asked for cookies.'),
    IsConfirmed: z.boolean(),
    TermsAndPrivacyConfirmed: z.boolean(),
  })
  .meta({ id: 'LoginResponse' });

export const RegisterRequest = z
  .object({
    name: PersonName(100),
    surname: PersonName(100),
    email: z.email().max(254),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/)
      .optional(),
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
  .object({
    Email: z.string(),
    Token: z
      .string()
      .optional()
      .describe('A user token for the silent login; left out when the request asked for cookies.'),
  })
  .meta({ id: 'RegisterResponse' });

export const ActionTokenParams = TokenParams;
export const AutoLoginQuery = TokenParams;

export const ConfirmResponse = z
  .object({
    Email: z.string(),
    PasswordToken: IssuedToken.optional().describe(
      'Set when the account had a password chosen before this confirmation in another session: that password no longer logs in. A single-use token, good for an hour, for NewPassword/Change (a new password) or KeepPassword (the person who chose it types it again).',
    ),
  })
  .meta({ id: 'ConfirmResponse' });

export const ConfirmMailResponse = ConfirmResponse.extend({
  ChoosePasswordToken: IssuedToken.optional().describe(
    'Set when the account has no password at all (a sign-up in a wizard, which asks none): a single-use token, good for an hour, for NewPassword/Change, so the person who confirmed chooses one.',
  ),
  SessionKept: z
    .boolean()
    .describe(
      'Whether the session this link was opened in is the account’s own and goes on; every other session of the account was ended.',
    ),
}).meta({ id: 'ConfirmMailResponse' });

export const KeepPasswordRequest = z
  .strictObject({
    Token: IssuedToken.describe('The PasswordToken of the confirmation'),
    Password: z.string().min(1).max(256).describe('The password chosen before the confirmation'),
  })
  .meta({ id: 'KeepPasswordRequest' });

export const NewPasswordRequest = z.object({ email: z.email().max(254) }).meta({ id: 'NewPasswordRequest' });
export const NewPasswordConfirmRequest = z.object({ token: IssuedToken }).meta({ id: 'NewPasswordConfirmRequest' });
export const NewPasswordChangeRequest = z
  .object({ Token: IssuedToken, NewPassword: z.string().max(256) })
  .meta({ id: 'NewPasswordChangeRequest' });

export const AnalyticsTokenParams = z.object({
  token: z
    .string()
    .min(16)
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const SessionIdParams = IdParams;

export const SessionsResponse = z
  .object({
    Sessions: z.array(
      z.object({
        Id: z.number().int(),
        Browser: z.string().nullable().describe('Chrome, Safari, Firefox ... as the user agent says'),
        System: z
          .string()
          .nullable()
          .describe('The device model when known (iPhone), else the operating system (Windows, Android)'),
        DeviceType: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
        Ip: z.string().nullable(),
        CreatedAt: z.string().describe('When this session logged in'),
        LastUsedAt: z.string().describe('The last time the session was renewed'),
        Current: z.boolean().describe('The session of this request'),
      }),
    ),
  })
  .meta({ id: 'SessionsResponse' });

export const EndOthersResponse = z
  .object({
    Ok: z.literal(true),
    Ended: z.number().int().describe('How many sessions were ended'),
  })
  .meta({ id: 'EndOthersResponse' });

export const ReauthenticateRequest = z
  .object({ password: z.string().min(1).max(256) })
  .meta({ id: 'ReauthenticateRequest' });

export const SetFirstPasswordRequest = z
  .strictObject({
    NewPassword: z
      .string()
      .min(1)
      .max(256)
      .describe('The password rule of docs/spec.md §5, checked for strength and breaches like any new password.'),
  })
  .meta({ id: 'SetFirstPasswordRequest' });
