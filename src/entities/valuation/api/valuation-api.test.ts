import { describe, expect, it } from 'vitest';
import { ApiError } from '@/shared/api';
import { retryServerErrors } from './valuation-api';

const apiError = (status: number, type: string) =>
  new ApiError('call failed', status, { ExceptionType: 0, ExceptionTypeString: type });

describe('retryServerErrors', () => {
  it('asks again after a server error or a lost connection, twice at most', () => {
    expect(retryServerErrors(0, apiError(500, 'InternalError'))).toBe(true);
    expect(retryServerErrors(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retryServerErrors(2, apiError(503, 'ServiceUnavailable'))).toBe(false);
  });

  it('takes a 4xx for good (the transport renews an expired session token for every call)', () => {
    expect(retryServerErrors(0, apiError(404, 'ValuationNotFound'))).toBe(false);
    expect(retryServerErrors(0, apiError(401, 'ExpiredSessionToken'))).toBe(false);
    expect(retryServerErrors(0, apiError(401, 'ExpiredUserToken'))).toBe(false);
  });
});
