import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/errors/app-error';
import { ERROR_CATALOGUE, errorBody } from '../../server/errors/catalogue';
import { classifyError } from '../../server/plugins/errors';

describe('the error catalogue', () => {
  it('gives every type its own number', () => {
    const numbers = Object.values(ERROR_CATALOGUE).map((e) => e.type);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("keeps the spec's numbers and statuses", () => {
    expect(ERROR_CATALOGUE.EmailNotConfirmed).toMatchObject({ type: 10, status: 403 });
    expect(ERROR_CATALOGUE.UserIsSuspendedOrDeleted).toMatchObject({ type: 68, status: 401 });
    expect(ERROR_CATALOGUE.WebAccountExists).toMatchObject({ type: 96, status: 400 });
    expect(ERROR_CATALOGUE.WebAccountCreationFailed).toMatchObject({ type: 97, status: 400 });
    expect(ERROR_CATALOGUE.IPBanned.status).toBe(429);
    for (const name of [
      'InvalidAccessForRapidRegistration',
      'ExpiredUserToken',
      'ExpiredSessionToken',
      'MissingToken',
    ] as const) {
      expect(ERROR_CATALOGUE[name].status).toBe(401);
    }
    for (const name of [
      'WrongCredentials',
      'InvalidPassword',
      'UserNotConfirmed',
      'EmailIsUsedInSocialLogin',
      'PasswordAttemptsExceeded',
      'MailAlreadyRegistered',
      'AlreadyConfirmedUser',
    ] as const) {
      expect(ERROR_CATALOGUE[name].status).toBe(400);
    }
  });

  it('uses only statuses that are errors', () => {
    for (const entry of Object.values(ERROR_CATALOGUE)) expect(entry.status).toBeGreaterThanOrEqual(400);
  });

  it('builds the body from the name', () => {
    expect(errorBody('NotFound')).toEqual({ ExceptionType: 4, ExceptionTypeString: 'NotFound' });
    const error = new AppError('FileTooLarge');
    expect({ status: error.statusCode, type: error.exceptionType }).toEqual({ status: 413, type: 20 });
  });

  it('classifies framework errors by code and status, and anything unknown as an internal error', () => {
    expect(
      classifyError(Object.assign(new Error('x'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE', statusCode: 413 })),
    ).toEqual({ name: 'PayloadTooLarge', status: 413 });
    expect(classifyError(Object.assign(new Error('x'), { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }))).toEqual({
      name: 'FileTooLarge',
      status: 413,
    });
    expect(classifyError(Object.assign(new Error('x'), { statusCode: 400 }))).toEqual({
      name: 'MalformedRequest',
      status: 400,
    });
    expect(classifyError(Object.assign(new Error('x'), { statusCode: 418 }))).toEqual({
      name: 'MalformedRequest',
      status: 400,
    });
    expect(classifyError(new Error('boom'))).toEqual({ name: 'InternalError', status: 500 });
    expect(classifyError('a string')).toEqual({ name: 'InternalError', status: 500 });
    expect(classifyError(null)).toEqual({ name: 'InternalError', status: 500 });
  });
});
