import { ERROR_MESSAGES, type ErrorCode, WRITE_FAILURE_MESSAGES } from './errors';
import type { Locale } from './locales';

// The English catalogue and the messages by locale: a module of their own, so that what needs only
// the Japanese catalogue (the web's first page) does not carry the English one.

/** The English message per code: the spec's own English texts as they are, the others translated. */
export const ERROR_MESSAGES_EN: Readonly<Record<ErrorCode, string>> = /* @__PURE__ */ Object.freeze({
  INVALID_ID: 'Invalid id',
  VALIDATION_FAILED: 'The input is not valid',
  INVALID_EMAIL: 'Enter a valid email address',
  INVALID_PASSWORD: 'Enter at least 8 characters using letters, digits and symbols',
  NAME_REQUIRED: 'Enter a name',
  NAME_TOO_LONG: 'Enter a name of up to 100 characters',
  INVALID_PRODUCT: 'Product not found',
  INVALID_PLAN: 'Invalid plan',
  ORGANIZATION_MISMATCH: 'Organization mismatch',
  INTERNAL_ACCOUNTS_ONLY: 'Only internal accounts can be made system administrators',
  INVALID_DOMAIN: 'Enter a valid domain name (e.g. example.com)',
  PUBLIC_WEBMAIL_DOMAIN: 'Public webmail domains cannot be added',

  NOT_FOUND: 'Not found',
  ACCOUNT_NOT_FOUND: 'Account not found',
  ROLE_NOT_FOUND: 'Role not found',
  INVITATION_NOT_FOUND: 'Invitation not found',
  PROJECT_NOT_IN_ORGANIZATION: 'Project not found in the organization',

  UNAUTHENTICATED: 'Please sign in',
  SESSION_REVOKED: 'This session was signed out. Please sign in again',
  FORBIDDEN: 'You do not have permission',
  EMAIL_MISMATCH: 'The email does not match the invited email',
  CANNOT_CHANGE_OWN_ROLE: 'You cannot change your own role',
  CANNOT_REMOVE_SELF: 'You cannot remove yourself',
  CANNOT_CHANGE_OWN_SYSTEM_ADMIN: 'You cannot change your own system administrator rights',
  SSO_REQUIRED: 'This organization requires single sign-on (SSO). Please sign in again with SSO',
  SSO_SELF_LOCKOUT: "To require SSO, first sign in yourself through this organization's SSO",
  MFA_REQUIRED: 'This organization requires two-factor authentication. Enrol a second factor in your account settings and sign in with it',
  MFA_SELF_LOCKOUT: 'To require two-factor authentication, first enrol a second factor yourself and sign in with it',
  SECOND_FACTOR_NOT_FOUND: 'The second factor was not found',

  ALREADY_ORGANIZATION_MEMBER: 'The account already belongs to the organization',
  EMAIL_ALREADY_IN_USE: 'This email address is used by another account',
  EMAIL_NOT_VERIFIED: 'The email address has not been verified, so the account cannot be made a system administrator',
  NOT_ORGANIZATION_MEMBER: 'The account does not belong to the organization',
  LAST_ADMIN: 'An organization needs at least one administrator',
  LAST_ADMIN_OF_ORGANIZATION:
    'You are the last administrator of an organization, so your account cannot be deleted. Make another member an administrator first',
  DELETION_NOT_CONFIRMED: "To confirm, type your account's email address exactly",
  INVITATION_INVALID: 'The invitation is no longer valid',
  INVITER_LACKS_RIGHTS: 'The person who invited you can no longer grant these roles, so the invitation was cancelled',
  CONFLICT: 'This conflicted with another operation. Please try again',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was already used for a different request',
  ORGANIZATION_DELETION_NOT_CONFIRMED: "To confirm, type the organization's name exactly",
  ORGANIZATION_ALREADY_DELETED: 'This organization has already been deleted',
  ORGANIZATION_NOT_DELETED: 'This organization is not deleted',
  ORGANIZATION_RESTORE_PERIOD_OVER: 'This organization can no longer be restored: its restore period has ended',
  DOMAIN_ALREADY_ADDED: 'This domain has already been added',
  DOMAIN_ALREADY_VERIFIED: 'This domain is already verified by another organization',
  ALREADY_INVITED: 'This address has a pending invitation already',
  DUPLICATE_IN_FILE: 'This address appears more than once in the file',
  SERVICE_CREDENTIAL_SECRET_LIMIT: 'A credential has at most two active secrets. Revoke the old secret before issuing another',
  SERVICE_CREDENTIAL_REVOKED: 'This service credential has been revoked',
  SERVICE_CREDENTIAL_SCOPE_MISSING: 'This service credential does not hold the events:receive scope',
  JOIN_EMAIL_NOT_VERIFIED: 'Verify your email address to join the organization',
  JOIN_NOT_AVAILABLE: 'You cannot join this organization',
  JOIN_REQUEST_NOT_PENDING: 'This request has already been handled',
  SSO_CONNECTION_EXISTS: 'This organization already has an SSO connection',
  SSO_NO_VERIFIED_DOMAIN: "Verify one of the organization's domains before setting up SSO",
  SSO_DISCOVERY_FAILED: "The identity provider's configuration (OpenID Connect Discovery) could not be read. Check the issuer URL",
  SSO_CERTIFICATE_INVALID: 'The certificate cannot be read. Enter an X.509 certificate in PEM format',
  SSO_CERTIFICATE_EXPIRED: 'The certificate is not valid now. Enter a valid certificate',
  SSO_CERTIFICATE_KEY_UNSUPPORTED: 'The certificate has an unsupported key. Enter a certificate with an RSA (2048 bits or more) or EC key',

  SSO_RESPONSE_INVALID: "The identity provider's answer is not valid, so you could not sign in. Contact your administrator",
  SSO_WRONG_ISSUER: "The identity provider's issuer does not match the configuration, so you could not sign in. Contact your administrator",
  SSO_WRONG_AUDIENCE: "The identity provider's answer is meant for another application, so you could not sign in. Contact your administrator",
  SSO_TOKEN_EXPIRED: "The identity provider's answer has expired. Please sign in again",
  SSO_ATTEMPT_INVALID: 'This sign-in has already been used or has expired. Please sign in again',
  SSO_EMAIL_OUTSIDE_DOMAIN: "This email address is not on the organization's domain, so it cannot sign in with SSO",
  SSO_CONNECTION_DISABLED: "This organization's SSO connection is disabled. Contact your administrator",
  SSO_ASSERTION_REPLAYED: 'This answer of the identity provider has been used already. Please sign in again',

  CSV_UNREADABLE: 'The file cannot be read. Choose a CSV file in UTF-8 or Shift_JIS',
  CSV_MALFORMED: 'The CSV file is not well-formed',
  CSV_EMPTY: 'The CSV file has no data rows',
  CSV_HEADER_INVALID: 'The header row of the CSV file is not valid',
  CSV_TOO_MANY_ROWS: 'The CSV file has too many rows (up to 10,000)',
  CSV_TOO_LARGE: 'The CSV file is too large (up to 4 MB)',

  UNSUPPORTED_IMAGE: 'Choose a PNG, JPEG, WebP or AVIF image',
  IMAGE_TOO_LARGE: 'The image file is too large',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again',

  INTERNAL: 'An unexpected error occurred',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please wait a moment and try again',

  ...WRITE_FAILURE_MESSAGES,
});

const ERROR_MESSAGES_BY_LOCALE: Readonly<Record<Locale, Readonly<Record<ErrorCode, string>>>> = /* @__PURE__ */ Object.freeze({
  ja: ERROR_MESSAGES,
  en: ERROR_MESSAGES_EN,
});

/** The catalogue message of the code in the locale. */
export function errorMessage(code: ErrorCode, locale: Locale): string {
  return ERROR_MESSAGES_BY_LOCALE[locale][code];
}

/**
 * The message of an error of `code` in the locale: a catalogue text (of any locale), also as the
 * prefix of '<text>: <detail>' (e.g. INVALID_ID's 'Invalid id: <value>'), becomes the locale's
 * text; any other message (a technical detail, in English) stays as it is.
 */
export function localizeErrorMessage(code: ErrorCode, message: string, locale: Locale): string {
  for (const catalogue of Object.values(ERROR_MESSAGES_BY_LOCALE)) {
    const text = catalogue[code];
    if (message === text) return errorMessage(code, locale);
    if (message.startsWith(`${text}: `)) return `${errorMessage(code, locale)}${message.slice(text.length)}`;
  }
  return message;
}
