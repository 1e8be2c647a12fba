import { ERROR_CATALOGUE, type ErrorName } from './catalogue';

export interface AppErrorOptions {
  /** For the log only; never sent to the client. */
  message?: string;
  cause?: unknown;
  /** Extra body fields a type documents (UserNotConfirmed carries Token). */
  extra?: { Token?: string };
  /** Response headers to add (Retry-After ...). */
  headers?: Record<string, string>;
}

/**
 * The error modules throw: a catalogue name decides the number and the status. The error
 * handler turns it into `{ ExceptionType, ExceptionTypeString }`.
 */
export class AppError extends Error {
  readonly type: ErrorName;
  readonly statusCode: number;
  readonly exceptionType: number;
  readonly extra: { Token?: string } | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(type: ErrorName, options: AppErrorOptions = {}) {
    super(options.message ?? type, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.type = type;
    this.statusCode = ERROR_CATALOGUE[type].status;
    this.exceptionType = ERROR_CATALOGUE[type].type;
    this.extra = options.extra;
    this.headers = options.headers;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
