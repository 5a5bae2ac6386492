/**
 * The error catalogue of the console (docs/product-rules.md#validation, #errors).
 *
 * Every failure that crosses a boundary carries a string `errorCode`; the message shown to the
 * user comes from {@link ERROR_MESSAGES} (Japanese, the spec's texts) or {@link ERROR_MESSAGES_EN}
 * (see {@link errorMessage}) and the HTTP status from {@link ERROR_HTTP_STATUS} (the one and only
 * code → status table). API error bodies have the shape {@link ErrorBody}.
 */

export const ErrorCodes = {
  // Validation (docs/product-rules.md#validation)
  INVALID_ID: 'INVALID_ID',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  INVALID_EMAIL: 'INVALID_EMAIL',
  INVALID_PASSWORD: 'INVALID_PASSWORD',
  NAME_REQUIRED: 'NAME_REQUIRED',
  NAME_TOO_LONG: 'NAME_TOO_LONG',
  INVALID_PRODUCT: 'INVALID_PRODUCT',
  INVALID_PLAN: 'INVALID_PLAN',
  ORGANIZATION_MISMATCH: 'ORGANIZATION_MISMATCH',
  INTERNAL_ACCOUNTS_ONLY: 'INTERNAL_ACCOUNTS_ONLY',
  INVALID_DOMAIN: 'INVALID_DOMAIN',
  PUBLIC_WEBMAIL_DOMAIN: 'PUBLIC_WEBMAIL_DOMAIN',

  // Not found
  NOT_FOUND: 'NOT_FOUND',
  ACCOUNT_NOT_FOUND: 'ACCOUNT_NOT_FOUND',
  ROLE_NOT_FOUND: 'ROLE_NOT_FOUND',
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  PROJECT_NOT_IN_ORGANIZATION: 'PROJECT_NOT_IN_ORGANIZATION',

  // Authentication / authorization (docs/product-rules.md#permissions)
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** The session (sign-in) of the request was signed out from the account settings (docs/architecture.md#sessions). */
  SESSION_REVOKED: 'SESSION_REVOKED',
  FORBIDDEN: 'FORBIDDEN',
  EMAIL_MISMATCH: 'EMAIL_MISMATCH',
  CANNOT_CHANGE_OWN_ROLE: 'CANNOT_CHANGE_OWN_ROLE',
  CANNOT_REMOVE_SELF: 'CANNOT_REMOVE_SELF',
  CANNOT_CHANGE_OWN_SYSTEM_ADMIN: 'CANNOT_CHANGE_OWN_SYSTEM_ADMIN',
  /** The organization requires a second factor and the sign-in used none (docs/product-rules.md#multi-factor-authentication). */
  MFA_REQUIRED: 'MFA_REQUIRED',
  /** Requiring a second factor from a sign-in without one would lock its admin out: they enrol and sign in with one first. */
  MFA_SELF_LOCKOUT: 'MFA_SELF_LOCKOUT',
  /** The second factor named is not (or no longer, or not yet) enrolled with the identity provider. */
  SECOND_FACTOR_NOT_FOUND: 'SECOND_FACTOR_NOT_FOUND',
  /** The organization requires its members on its SSO domains to sign in through its connection, and this sign-in did not (docs/product-rules.md#single-sign-on). */
  SSO_REQUIRED: 'SSO_REQUIRED',
  /** Requiring SSO from a sign-in on its domains that did not come through the connection would lock its admin out: they sign in through it first. */
  SSO_SELF_LOCKOUT: 'SSO_SELF_LOCKOUT',

  // State conflicts
  ALREADY_ORGANIZATION_MEMBER: 'ALREADY_ORGANIZATION_MEMBER',
  EMAIL_ALREADY_IN_USE: 'EMAIL_ALREADY_IN_USE',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  NOT_ORGANIZATION_MEMBER: 'NOT_ORGANIZATION_MEMBER',
  LAST_ADMIN: 'LAST_ADMIN',
  /** The account is the last admin of an organization: it hands the administration over before it is deleted (the message names the organizations). */
  LAST_ADMIN_OF_ORGANIZATION: 'LAST_ADMIN_OF_ORGANIZATION',
  /** The typed confirmation of an account's deletion is not the account's e-mail address. */
  DELETION_NOT_CONFIRMED: 'DELETION_NOT_CONFIRMED',
  INVITATION_INVALID: 'INVITATION_INVALID',
  /** The invitation's sender can no longer grant its roles (demoted or removed since): it is cancelled instead of accepted. */
  INVITER_LACKS_RIGHTS: 'INVITER_LACKS_RIGHTS',
  /** A concurrent change won (a unique row, a deleted reference, a deadlock or serialization failure retried in vain): try again. */
  CONFLICT: 'CONFLICT',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The typed confirmation of an organization's deletion is not the organization's name. */
  ORGANIZATION_DELETION_NOT_CONFIRMED: 'ORGANIZATION_DELETION_NOT_CONFIRMED',
  /** The organization is deleted already (a system administrator deleting it again; docs/product-rules.md#organization-deletion). */
  ORGANIZATION_ALREADY_DELETED: 'ORGANIZATION_ALREADY_DELETED',
  /** Restoring an organization that is not deleted. */
  ORGANIZATION_NOT_DELETED: 'ORGANIZATION_NOT_DELETED',
  /** Restoring an organization deleted longer ago than its retention period: it is being purged. */
  ORGANIZATION_RESTORE_PERIOD_OVER: 'ORGANIZATION_RESTORE_PERIOD_OVER',
  /** The organization already has this domain. */
  DOMAIN_ALREADY_ADDED: 'DOMAIN_ALREADY_ADDED',
  /** Another organization has verified this domain (docs/product-rules.md#verified-domains). */
  DOMAIN_ALREADY_VERIFIED: 'DOMAIN_ALREADY_VERIFIED',
  /** A member CSV row whose address has a pending invitation already (docs/product-rules.md#member-csv). */
  ALREADY_INVITED: 'ALREADY_INVITED',
  /** A member CSV row whose address an earlier row of the file names. */
  DUPLICATE_IN_FILE: 'DUPLICATE_IN_FILE',
  /** A service credential has two active secrets already: revoke one before issuing another (docs/integration.md#credentials-and-scopes). */
  SERVICE_CREDENTIAL_SECRET_LIMIT: 'SERVICE_CREDENTIAL_SECRET_LIMIT',
  /** The service credential is revoked: nothing of it can change any more. */
  SERVICE_CREDENTIAL_REVOKED: 'SERVICE_CREDENTIAL_REVOKED',
  /** A webhook endpoint needs a credential holding the events:receive scope (docs/integration.md#change-events). */
  SERVICE_CREDENTIAL_SCOPE_MISSING: 'SERVICE_CREDENTIAL_SCOPE_MISSING',
  /** Joining through a verified domain needs an address whose ownership the identity provider has verified (docs/product-rules.md#auto-join). */
  JOIN_EMAIL_NOT_VERIFIED: 'JOIN_EMAIL_NOT_VERIFIED',
  /** None of the organization's verified domains lets the address ask to join (or the organization is unknown). */
  JOIN_NOT_AVAILABLE: 'JOIN_NOT_AVAILABLE',
  /** The join request was approved or declined already. */
  JOIN_REQUEST_NOT_PENDING: 'JOIN_REQUEST_NOT_PENDING',
  /** The organization has an SSO connection already (one per organization). */
  SSO_CONNECTION_EXISTS: 'SSO_CONNECTION_EXISTS',
  /** An SSO connection needs a verified domain of the organization: its members' addresses are on it. */
  SSO_NO_VERIFIED_DOMAIN: 'SSO_NO_VERIFIED_DOMAIN',
  /** The OpenID provider's discovery document could not be read at the issuer (or names another issuer). */
  SSO_DISCOVERY_FAILED: 'SSO_DISCOVERY_FAILED',
  /** The SAML certificate is no PEM X.509 certificate. */
  SSO_CERTIFICATE_INVALID: 'SSO_CERTIFICATE_INVALID',
  /** The SAML certificate is not valid now (expired, or not yet valid). */
  SSO_CERTIFICATE_EXPIRED: 'SSO_CERTIFICATE_EXPIRED',
  /** The SAML certificate's key is neither RSA (2048 bits or more) nor EC. */
  SSO_CERTIFICATE_KEY_UNSUPPORTED: 'SSO_CERTIFICATE_KEY_UNSUPPORTED',

  // Single sign-on (docs/product-rules.md#single-sign-on)
  /** The identity provider's answer is broken: unreadable, unsigned or badly signed, an error instead of a sign-in. */
  SSO_RESPONSE_INVALID: 'SSO_RESPONSE_INVALID',
  /** The identity provider's answer comes from another issuer than the connection's. */
  SSO_WRONG_ISSUER: 'SSO_WRONG_ISSUER',
  /** The identity provider's answer is meant for another client (audience) than the connection's. */
  SSO_WRONG_AUDIENCE: 'SSO_WRONG_AUDIENCE',
  /** The identity provider's token or assertion has expired. */
  SSO_TOKEN_EXPIRED: 'SSO_TOKEN_EXPIRED',
  /** The sign-in attempt is unknown, expired or used already (a replayed callback). */
  SSO_ATTEMPT_INVALID: 'SSO_ATTEMPT_INVALID',
  /** The identity's address is on none of the organization's verified domains (or is not verified by the identity provider). */
  SSO_EMAIL_OUTSIDE_DOMAIN: 'SSO_EMAIL_OUTSIDE_DOMAIN',
  /** The organization's SSO connection is disabled (or gone). */
  SSO_CONNECTION_DISABLED: 'SSO_CONNECTION_DISABLED',
  /** The SAML assertion was accepted once already from the connection (a replayed assertion; docs/integration.md#saml). */
  SSO_ASSERTION_REPLAYED: 'SSO_ASSERTION_REPLAYED',

  // Member CSV files (docs/product-rules.md#member-csv)
  CSV_UNREADABLE: 'CSV_UNREADABLE',
  CSV_MALFORMED: 'CSV_MALFORMED',
  CSV_EMPTY: 'CSV_EMPTY',
  CSV_HEADER_INVALID: 'CSV_HEADER_INVALID',
  CSV_TOO_MANY_ROWS: 'CSV_TOO_MANY_ROWS',
  CSV_TOO_LARGE: 'CSV_TOO_LARGE',

  // Transport limits
  UNSUPPORTED_IMAGE: 'UNSUPPORTED_IMAGE',
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  RATE_LIMITED: 'RATE_LIMITED',

  // Server side
  INTERNAL: 'INTERNAL',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',

  // Generic write failures (docs/product-rules.md#errors)
  FAILED_TO_CREATE_ACCOUNT: 'FAILED_TO_CREATE_ACCOUNT',
  FAILED_TO_UPDATE_ACCOUNT: 'FAILED_TO_UPDATE_ACCOUNT',
  FAILED_TO_UPDATE_EMAIL: 'FAILED_TO_UPDATE_EMAIL',
  FAILED_TO_UPLOAD_PROFILE_IMAGE: 'FAILED_TO_UPLOAD_PROFILE_IMAGE',
  FAILED_TO_ASSIGN_ROLE: 'FAILED_TO_ASSIGN_ROLE',
  FAILED_TO_UPDATE_ORGANIZATION: 'FAILED_TO_UPDATE_ORGANIZATION',
  FAILED_TO_INVITE: 'FAILED_TO_INVITE',
  FAILED_TO_REMOVE_MEMBER: 'FAILED_TO_REMOVE_MEMBER',
  FAILED_TO_UPDATE_PROJECT: 'FAILED_TO_UPDATE_PROJECT',
  FAILED_TO_CREATE_PROJECT: 'FAILED_TO_CREATE_PROJECT',
  FAILED_TO_CREATE_ORGANIZATION: 'FAILED_TO_CREATE_ORGANIZATION',
  FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN: 'FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN',
  FAILED_TO_DELETE_ACCOUNT: 'FAILED_TO_DELETE_ACCOUNT',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** Every error code, in catalogue order. */
const ERROR_CODES: readonly ErrorCode[] = /* @__PURE__ */ Object.freeze(Object.values(ErrorCodes));

/** The generic write failures' messages (docs/product-rules.md#errors): the spec writes them in English, the same in every language. */
export const WRITE_FAILURE_MESSAGES = {
  FAILED_TO_CREATE_ACCOUNT: 'Failed to create account',
  FAILED_TO_UPDATE_ACCOUNT: 'Failed to update account',
  FAILED_TO_UPDATE_EMAIL: 'Failed to update email',
  FAILED_TO_UPLOAD_PROFILE_IMAGE: 'Failed to upload profile image',
  FAILED_TO_ASSIGN_ROLE: 'Failed to assign role',
  FAILED_TO_UPDATE_ORGANIZATION: 'Failed to update organization',
  FAILED_TO_INVITE: 'Failed to invite',
  FAILED_TO_REMOVE_MEMBER: 'Failed to remove member',
  FAILED_TO_UPDATE_PROJECT: 'Failed to update project',
  FAILED_TO_CREATE_PROJECT: 'Failed to create project',
  FAILED_TO_CREATE_ORGANIZATION: 'Failed to create organization',
  FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN: 'Failed to update can be super admin',
  FAILED_TO_DELETE_ACCOUNT: 'Failed to delete account',
} as const;

/**
 * Default message per code. INVALID_ID's catalogue text is the prefix; the thrown message carries
 * the offending value (see {@link invalidIdMessage}).
 */
export const ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = /* @__PURE__ */ Object.freeze({
  INVALID_ID: 'Invalid id',
  VALIDATION_FAILED: '入力内容が正しくありません',
  INVALID_EMAIL: 'メールアドレスを正しく入力してください',
  INVALID_PASSWORD: '半角英数字・記号で8文字以上を入力してください',
  NAME_REQUIRED: '名前を入力してください',
  NAME_TOO_LONG: '名前は100文字以内で入力してください',
  INVALID_PRODUCT: 'Product not found',
  INVALID_PLAN: 'Invalid plan',
  ORGANIZATION_MISMATCH: 'Organization mismatch',
  INTERNAL_ACCOUNTS_ONLY: '社内アカウントのみシステム管理者に指定できます',
  INVALID_DOMAIN: 'ドメインを正しく入力してください（例: example.co.jp）',
  PUBLIC_WEBMAIL_DOMAIN: 'フリーメールのドメインは追加できません',

  NOT_FOUND: '見つかりません',
  ACCOUNT_NOT_FOUND: 'Account not found',
  ROLE_NOT_FOUND: 'Role not found',
  INVITATION_NOT_FOUND: 'Invitation not found',
  PROJECT_NOT_IN_ORGANIZATION: 'Project not found in the organization',

  UNAUTHENTICATED: 'ログインしてください',
  SESSION_REVOKED: 'このセッションはログアウトされました。再度ログインしてください',
  FORBIDDEN: '権限がありません',
  EMAIL_MISMATCH: 'The email does not match the invited email',
  CANNOT_CHANGE_OWN_ROLE: '自分のロールは変更できません',
  CANNOT_REMOVE_SELF: '自分自身を削除することはできません',
  CANNOT_CHANGE_OWN_SYSTEM_ADMIN: '自分のシステム管理者権限は変更できません',
  MFA_REQUIRED: 'この組織では二要素認証が必要です。アカウント設定で二要素認証を登録し、二要素認証でログインしてください',
  MFA_SELF_LOCKOUT: '二要素認証を必須にするには、先にご自身が二要素認証を登録し、二要素認証でログインしてください',
  SECOND_FACTOR_NOT_FOUND: '二要素認証の登録が見つかりません',
  SSO_REQUIRED: 'この組織ではシングルサインオン（SSO）でのログインが必要です。SSOでログインし直してください',
  SSO_SELF_LOCKOUT: 'SSOを必須にするには、先にご自身がこの組織のSSOでログインしてください',

  ALREADY_ORGANIZATION_MEMBER: 'The account already belongs to the organization',
  EMAIL_ALREADY_IN_USE: 'このメールアドレスは別のアカウントで使われています',
  EMAIL_NOT_VERIFIED: 'メールアドレスが確認されていないため、システム管理者にできません',
  NOT_ORGANIZATION_MEMBER: 'The account does not belong to the organization',
  LAST_ADMIN: '組織には少なくとも1人の管理者が必要です',
  LAST_ADMIN_OF_ORGANIZATION: '組織の最後の管理者のため、アカウントを削除できません。先に別のメンバーを管理者にしてください',
  DELETION_NOT_CONFIRMED: '確認のため、アカウントのメールアドレスを正しく入力してください',
  INVITATION_INVALID: '招待が無効です',
  INVITER_LACKS_RIGHTS: '招待した人がこの権限を付与できなくなったため、招待は取り消されました',
  CONFLICT: '他の操作と競合しました。再度お試しください',
  IDEMPOTENCY_KEY_REUSED: 'The Idempotency-Key was already used for a different request',
  ORGANIZATION_DELETION_NOT_CONFIRMED: '確認のため、組織名を正しく入力してください',
  ORGANIZATION_ALREADY_DELETED: 'この組織はすでに削除されています',
  ORGANIZATION_NOT_DELETED: 'この組織は削除されていません',
  ORGANIZATION_RESTORE_PERIOD_OVER: '復元できる期間を過ぎているため、この組織は復元できません',
  DOMAIN_ALREADY_ADDED: 'このドメインはすでに追加されています',
  DOMAIN_ALREADY_VERIFIED: 'このドメインは別の組織で確認済みです',
  ALREADY_INVITED: 'このメールアドレスはすでに招待中です',
  DUPLICATE_IN_FILE: 'このメールアドレスはファイル内で重複しています',
  SERVICE_CREDENTIAL_SECRET_LIMIT: '有効なシークレットは2つまでです。古いシークレットを取り消してから再発行してください',
  SERVICE_CREDENTIAL_REVOKED: 'このサービス認証情報は取り消されています',
  SERVICE_CREDENTIAL_SCOPE_MISSING: 'このサービス認証情報にはevents:receiveのスコープがありません',
  JOIN_EMAIL_NOT_VERIFIED: 'メールアドレスを確認すると組織に参加できます',
  JOIN_NOT_AVAILABLE: 'この組織には参加できません',
  JOIN_REQUEST_NOT_PENDING: 'このリクエストは処理済みです',
  SSO_CONNECTION_EXISTS: 'この組織にはすでにSSO接続があります',
  SSO_NO_VERIFIED_DOMAIN: 'SSOを設定するには、先に組織のドメインを確認してください',
  SSO_DISCOVERY_FAILED: 'IDプロバイダーの設定情報（OpenID Connect Discovery）を取得できませんでした。発行者（Issuer）のURLを確認してください',
  SSO_CERTIFICATE_INVALID: '証明書を読み取れません。PEM形式のX.509証明書を入力してください',
  SSO_CERTIFICATE_EXPIRED: '証明書の有効期間外です。有効な証明書を入力してください',
  SSO_CERTIFICATE_KEY_UNSUPPORTED: '証明書の鍵の種類に対応していません。RSA（2048ビット以上）またはECの鍵の証明書を入力してください',

  SSO_RESPONSE_INVALID: 'IDプロバイダーからの応答が正しくないため、ログインできませんでした。管理者にお問い合わせください',
  SSO_WRONG_ISSUER: 'IDプロバイダーの発行者（Issuer）が設定と一致しないため、ログインできませんでした。管理者にお問い合わせください',
  SSO_WRONG_AUDIENCE: 'IDプロバイダーの応答が別のアプリケーション宛てのため、ログインできませんでした。管理者にお問い合わせください',
  SSO_TOKEN_EXPIRED: 'IDプロバイダーの応答の有効期限が切れています。もう一度ログインしてください',
  SSO_ATTEMPT_INVALID: 'このログインはすでに使用されたか、有効期限が切れています。もう一度ログインしてください',
  SSO_EMAIL_OUTSIDE_DOMAIN: 'このメールアドレスは組織のドメインではないため、SSOでログインできません',
  SSO_CONNECTION_DISABLED: 'この組織のSSO接続は無効になっています。管理者にお問い合わせください',
  SSO_ASSERTION_REPLAYED: 'このIDプロバイダーの応答はすでに使用されています。もう一度ログインしてください',

  CSV_UNREADABLE: 'CSVファイルを読み取れません。UTF-8またはShift_JISのCSVファイルを選択してください',
  CSV_MALFORMED: 'CSVファイルの形式が正しくありません',
  CSV_EMPTY: 'CSVファイルにデータ行がありません',
  CSV_HEADER_INVALID: 'CSVファイルの見出し行が正しくありません',
  CSV_TOO_MANY_ROWS: 'CSVファイルの行数が多すぎます（10,000行まで）',
  CSV_TOO_LARGE: 'CSVファイルのサイズが大きすぎます（4MBまで）',

  UNSUPPORTED_IMAGE: 'PNG・JPEG・WebP・AVIF形式の画像を選択してください',
  IMAGE_TOO_LARGE: '画像のファイルサイズが大きすぎます',
  PAYLOAD_TOO_LARGE: 'リクエストのサイズが大きすぎます',
  RATE_LIMITED: 'リクエストが多すぎます。しばらくしてから再度お試しください',

  INTERNAL: '予期しないエラーが発生しました',
  SERVICE_UNAVAILABLE: 'サービスが一時的に利用できません。しばらくしてから再度お試しください',

  ...WRITE_FAILURE_MESSAGES,
});

/** THE code → HTTP status table. The API's error filter uses nothing else. */
export const ERROR_HTTP_STATUS: Readonly<Record<ErrorCode, number>> = /* @__PURE__ */ Object.freeze({
  INVALID_ID: 400,
  VALIDATION_FAILED: 400,
  INVALID_EMAIL: 400,
  INVALID_PASSWORD: 400,
  NAME_REQUIRED: 400,
  NAME_TOO_LONG: 400,
  INVALID_PRODUCT: 400,
  INVALID_PLAN: 400,
  ORGANIZATION_MISMATCH: 400,
  INTERNAL_ACCOUNTS_ONLY: 400,
  INVALID_DOMAIN: 400,
  PUBLIC_WEBMAIL_DOMAIN: 400,

  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  ROLE_NOT_FOUND: 404,
  INVITATION_NOT_FOUND: 404,
  PROJECT_NOT_IN_ORGANIZATION: 404,

  UNAUTHENTICATED: 401,
  SESSION_REVOKED: 401,
  FORBIDDEN: 403,
  EMAIL_MISMATCH: 403,
  CANNOT_CHANGE_OWN_ROLE: 403,
  CANNOT_REMOVE_SELF: 403,
  CANNOT_CHANGE_OWN_SYSTEM_ADMIN: 403,
  MFA_REQUIRED: 403,
  MFA_SELF_LOCKOUT: 409,
  SECOND_FACTOR_NOT_FOUND: 404,
  SSO_REQUIRED: 403,
  SSO_SELF_LOCKOUT: 409,

  ALREADY_ORGANIZATION_MEMBER: 409,
  EMAIL_ALREADY_IN_USE: 409,
  EMAIL_NOT_VERIFIED: 409,
  NOT_ORGANIZATION_MEMBER: 409,
  LAST_ADMIN: 409,
  LAST_ADMIN_OF_ORGANIZATION: 409,
  DELETION_NOT_CONFIRMED: 400,
  INVITATION_INVALID: 409,
  INVITER_LACKS_RIGHTS: 409,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  ORGANIZATION_DELETION_NOT_CONFIRMED: 400,
  ORGANIZATION_ALREADY_DELETED: 409,
  ORGANIZATION_NOT_DELETED: 409,
  ORGANIZATION_RESTORE_PERIOD_OVER: 409,
  DOMAIN_ALREADY_ADDED: 409,
  DOMAIN_ALREADY_VERIFIED: 409,
  ALREADY_INVITED: 409,
  DUPLICATE_IN_FILE: 409,
  SERVICE_CREDENTIAL_SECRET_LIMIT: 409,
  SERVICE_CREDENTIAL_REVOKED: 409,
  SERVICE_CREDENTIAL_SCOPE_MISSING: 409,
  JOIN_EMAIL_NOT_VERIFIED: 409,
  JOIN_NOT_AVAILABLE: 409,
  JOIN_REQUEST_NOT_PENDING: 409,
  SSO_CONNECTION_EXISTS: 409,
  SSO_NO_VERIFIED_DOMAIN: 409,
  SSO_DISCOVERY_FAILED: 400,
  SSO_CERTIFICATE_INVALID: 400,
  SSO_CERTIFICATE_EXPIRED: 400,
  SSO_CERTIFICATE_KEY_UNSUPPORTED: 400,

  SSO_RESPONSE_INVALID: 400,
  SSO_WRONG_ISSUER: 400,
  SSO_WRONG_AUDIENCE: 400,
  SSO_TOKEN_EXPIRED: 400,
  SSO_ATTEMPT_INVALID: 400,
  SSO_EMAIL_OUTSIDE_DOMAIN: 403,
  SSO_CONNECTION_DISABLED: 403,
  SSO_ASSERTION_REPLAYED: 400,

  CSV_UNREADABLE: 400,
  CSV_MALFORMED: 400,
  CSV_EMPTY: 400,
  CSV_HEADER_INVALID: 400,
  CSV_TOO_MANY_ROWS: 400,
  CSV_TOO_LARGE: 413,

  UNSUPPORTED_IMAGE: 415,
  IMAGE_TOO_LARGE: 413,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,

  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,

  FAILED_TO_CREATE_ACCOUNT: 500,
  FAILED_TO_UPDATE_ACCOUNT: 500,
  FAILED_TO_UPDATE_EMAIL: 500,
  FAILED_TO_UPLOAD_PROFILE_IMAGE: 500,
  FAILED_TO_ASSIGN_ROLE: 500,
  FAILED_TO_UPDATE_ORGANIZATION: 500,
  FAILED_TO_INVITE: 500,
  FAILED_TO_REMOVE_MEMBER: 500,
  FAILED_TO_UPDATE_PROJECT: 500,
  FAILED_TO_CREATE_PROJECT: 500,
  FAILED_TO_CREATE_ORGANIZATION: 500,
  FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN: 500,
  FAILED_TO_DELETE_ACCOUNT: 500,
});

/** The product's error name, carried in the `name` field of every API error body. */
export const PRODUCT_ERROR_NAME = 'ConsoleError';

/** Body of every non-OK API response. */
export interface ErrorBody {
  name: typeof PRODUCT_ERROR_NAME;
  errorCode: ErrorCode;
  message: string;
}

const ERROR_CODE_SET: ReadonlySet<string> = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && ERROR_CODE_SET.has(value);
}

/** Renders any value for an error message without throwing. */
function describeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  if (typeof value === 'symbol') return value.toString();
  try {
    const json = JSON.stringify(value);
    return json === undefined ? typeof value : json;
  } catch {
    return typeof value;
  }
}

/** 'Invalid id: <value>' (docs/product-rules.md#validation). */
export function invalidIdMessage(value: unknown): string {
  return `${ERROR_MESSAGES.INVALID_ID}: ${describeValue(value)}`;
}

export class DomainError extends Error {
  readonly errorCode: ErrorCode;

  constructor(errorCode: ErrorCode, message?: string) {
    super(message ?? ERROR_MESSAGES[errorCode]);
    this.name = 'DomainError';
    this.errorCode = errorCode;
  }

  /** The HTTP status of this error, from {@link ERROR_HTTP_STATUS}. */
  get httpStatus(): number {
    return ERROR_HTTP_STATUS[this.errorCode];
  }

  /** The API error body for this error. */
  toBody(): ErrorBody {
    return { name: PRODUCT_ERROR_NAME, errorCode: this.errorCode, message: this.message };
  }
}
