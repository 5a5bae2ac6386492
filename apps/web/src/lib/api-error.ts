import { PRODUCT_ERROR_NAME } from '@console/domain';
import { errorMessageShown } from './i18n';

/**
 * A failed API call. When the body is the product's error body
 * ({ name: 'ConsoleError', errorCode, message }) `errorCode` and `message` come from it;
 * otherwise `errorCode` is 'HTTP_<status>', or 'TIMEOUT' (status 0) for a call that was not
 * answered in time.
 */
export class ApiError extends Error {
  readonly errorCode: string;
  readonly status: number;
  readonly isProductError: boolean;

  constructor(params: { errorCode: string; message: string; status: number; isProductError: boolean }) {
    super(params.message);
    this.name = 'ApiError';
    this.errorCode = params.errorCode;
    this.status = params.status;
    this.isProductError = params.isProductError;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const TIMEOUT_ERROR_CODE = 'TIMEOUT';

/** The error of a call the API did not answer within `timeoutMs`: whether it took effect is unknown. */
export function apiTimeoutError(timeoutMs: number): ApiError {
  return new ApiError({ errorCode: TIMEOUT_ERROR_CODE, message: `No answer within ${timeoutMs} ms`, status: 0, isProductError: false });
}

/** True for a call that was not answered in time (retried like a server error; a write's outcome is unknown). */
export function isTimeoutError(error: unknown): boolean {
  return isApiError(error) && error.errorCode === TIMEOUT_ERROR_CODE;
}

/** Turns a non-OK response's (already parsed) body into an ApiError. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as Record<string, unknown>;
    if (b.name === PRODUCT_ERROR_NAME && typeof b.errorCode === 'string' && typeof b.message === 'string') {
      return new ApiError({ errorCode: b.errorCode, message: errorMessageShown(b.errorCode, b.message), status, isProductError: true });
    }
  }
  return new ApiError({ errorCode: `HTTP_${status}`, message: `Request failed with status ${status}`, status, isProductError: false });
}

/** True for errors that a retry cannot fix (a 4xx answer). */
export function isClientError(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}
