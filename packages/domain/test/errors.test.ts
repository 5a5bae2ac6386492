import { DomainError, ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCodes, PRODUCT_ERROR_NAME, invalidIdMessage, isErrorCode, type ErrorCode } from '../src/errors';
import { ERROR_MESSAGES_EN, localizeErrorMessage } from '../src/error-locales';
import { LOCALES, type Locale } from '../src/locales';

const ERROR_CODES = Object.values(ErrorCodes);
const CATALOGUES: Record<Locale, Record<ErrorCode, string>> = { ja: ERROR_MESSAGES, en: ERROR_MESSAGES_EN };

describe('error catalogue', () => {
  it('every code maps to itself in ErrorCodes and has a message and a status', () => {
    for (const [key, code] of Object.entries(ErrorCodes)) {
      expect(code).toBe(key);
      expect(ERROR_MESSAGES[code].length).toBeGreaterThan(0);
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_HTTP_STATUS[code]).toBeLessThan(600);
    }
    expect(Object.keys(ERROR_MESSAGES).sort()).toEqual([...ERROR_CODES].sort());
    expect(Object.keys(ERROR_HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it.each<[ErrorCode, string]>([
    ['ROLE_NOT_FOUND', 'Role not found'],
    ['INTERNAL_ACCOUNTS_ONLY', '社内アカウントのみシステム管理者に指定できます'],
    ['INVITATION_INVALID', '招待が無効です'],
    ['FORBIDDEN', '権限がありません'],
    ['CANNOT_CHANGE_OWN_ROLE', '自分のロールは変更できません'],
    ['LAST_ADMIN', '組織には少なくとも1人の管理者が必要です'],
    ['EMAIL_NOT_VERIFIED', 'メールアドレスが確認されていないため、システム管理者にできません'],
    ['INVALID_EMAIL', 'メールアドレスを正しく入力してください'],
    ['INVALID_PASSWORD', '半角英数字・記号で8文字以上を入力してください'],
    ['FAILED_TO_CREATE_ACCOUNT', 'Failed to create account'],
    ['FAILED_TO_UPDATE_ACCOUNT', 'Failed to update account'],
    ['FAILED_TO_UPDATE_EMAIL', 'Failed to update email'],
    ['FAILED_TO_UPLOAD_PROFILE_IMAGE', 'Failed to upload profile image'],
    ['FAILED_TO_ASSIGN_ROLE', 'Failed to assign role'],
    ['FAILED_TO_UPDATE_ORGANIZATION', 'Failed to update organization'],
    ['FAILED_TO_INVITE', 'Failed to invite'],
    ['FAILED_TO_REMOVE_MEMBER', 'Failed to remove member'],
    ['FAILED_TO_UPDATE_PROJECT', 'Failed to update project'],
    ['FAILED_TO_CREATE_PROJECT', 'Failed to create project'],
    ['FAILED_TO_CREATE_ORGANIZATION', 'Failed to create organization'],
    ['FAILED_TO_UPDATE_CAN_BE_SUPER_ADMIN', 'Failed to update can be super admin'],
  ])('%s has the spec message %s', (code, message) => {
    expect(ERROR_MESSAGES[code]).toBe(message);
  });

  it.each<[ErrorCode, number]>([
    ['INVALID_ID', 400],
    ['VALIDATION_FAILED', 400],
    ['INVALID_EMAIL', 400],
    ['INVALID_PASSWORD', 400],
    ['NAME_REQUIRED', 400],
    ['INTERNAL_ACCOUNTS_ONLY', 400],
    ['UNAUTHENTICATED', 401],
    ['SESSION_REVOKED', 401],
    ['FORBIDDEN', 403],
    ['CANNOT_CHANGE_OWN_ROLE', 403],
    ['CANNOT_REMOVE_SELF', 403],
    ['CANNOT_CHANGE_OWN_SYSTEM_ADMIN', 403],
    ['EMAIL_MISMATCH', 403],
    ['EMAIL_ALREADY_IN_USE', 409],
    ['EMAIL_NOT_VERIFIED', 409],
    ['NOT_FOUND', 404],
    ['ROLE_NOT_FOUND', 404],
    ['ACCOUNT_NOT_FOUND', 404],
    ['INVITATION_NOT_FOUND', 404],
    ['PROJECT_NOT_IN_ORGANIZATION', 404],
    ['ALREADY_ORGANIZATION_MEMBER', 409],
    ['NOT_ORGANIZATION_MEMBER', 409],
    ['LAST_ADMIN', 409],
    ['INVITATION_INVALID', 409],
    ['INVITER_LACKS_RIGHTS', 409],
    ['CONFLICT', 409],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['PAYLOAD_TOO_LARGE', 413],
    ['IMAGE_TOO_LARGE', 413],
    ['UNSUPPORTED_IMAGE', 415],
    ['RATE_LIMITED', 429],
    ['INTERNAL', 500],
  ])('%s → HTTP %i', (code, status) => {
    expect(ERROR_HTTP_STATUS[code]).toBe(status);
    expect(new DomainError(code).httpStatus).toBe(status);
  });

  it('every generic write failure is a 500', () => {
    const failures = ERROR_CODES.filter((c) => c.startsWith('FAILED_TO_'));
    expect(failures).toHaveLength(13);
    for (const code of failures) expect(ERROR_HTTP_STATUS[code]).toBe(500);
  });

  it('the product error name is ConsoleError', () => {
    expect(PRODUCT_ERROR_NAME).toBe('ConsoleError');
  });
});

describe('English catalogue', () => {
  const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}\u3000-\u303f\uff00-\uffef]/u;

  it('has a non-empty English text without Japanese characters for every code', () => {
    expect(Object.keys(ERROR_MESSAGES_EN).sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) {
      expect(ERROR_MESSAGES_EN[code].trim()).not.toBe('');
      expect(ERROR_MESSAGES_EN[code]).not.toMatch(JAPANESE);
    }
  });

  it('keeps the texts the spec writes in English, and translates the Japanese ones', () => {
    for (const code of ERROR_CODES) {
      if (JAPANESE.test(ERROR_MESSAGES[code])) expect(ERROR_MESSAGES_EN[code]).not.toBe(ERROR_MESSAGES[code]);
      else expect(ERROR_MESSAGES_EN[code]).toBe(ERROR_MESSAGES[code]);
    }
    expect(ERROR_MESSAGES_EN.FORBIDDEN).toBe('You do not have permission');
  });
});

describe('localizeErrorMessage', () => {
  it('turns a catalogue text of any locale into the text of the requested one', () => {
    for (const code of ERROR_CODES) {
      for (const from of LOCALES) {
        for (const to of LOCALES) expect(localizeErrorMessage(code, CATALOGUES[from][code], to)).toBe(CATALOGUES[to][code]);
      }
    }
    expect(localizeErrorMessage('LAST_ADMIN', new DomainError('LAST_ADMIN').message, 'en')).toBe('An organization needs at least one administrator');
  });

  it('keeps the detail of a catalogue text with a detail (INVALID_ID)', () => {
    expect(localizeErrorMessage('INVALID_ID', invalidIdMessage('abc'), 'en')).toBe('Invalid id: abc');
    expect(localizeErrorMessage('NOT_FOUND', `${ERROR_MESSAGES.NOT_FOUND}: organization`, 'en')).toBe('Not found: organization');
    expect(localizeErrorMessage('NOT_FOUND', `${ERROR_MESSAGES_EN.NOT_FOUND}: organization`, 'ja')).toBe(`${ERROR_MESSAGES.NOT_FOUND}: organization`);
  });

  it('leaves any other message as it is', () => {
    expect(localizeErrorMessage('VALIDATION_FAILED', 'name must be a string', 'en')).toBe('name must be a string');
    expect(localizeErrorMessage('VALIDATION_FAILED', 'name must be a string', 'ja')).toBe('name must be a string');
    expect(localizeErrorMessage('FORBIDDEN', ERROR_MESSAGES.NOT_FOUND, 'en')).toBe(ERROR_MESSAGES.NOT_FOUND);
  });
});

describe('isErrorCode', () => {
  it('accepts catalogue codes only', () => {
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('forbidden')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(403)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('DomainError', () => {
  it('defaults the message to the catalogue message', () => {
    const e = new DomainError('ROLE_NOT_FOUND');
    expect(e).toBeInstanceOf(Error);
    expect(e).toBeInstanceOf(DomainError);
    expect(e.errorCode).toBe('ROLE_NOT_FOUND');
    expect(e.message).toBe('Role not found');
    expect(e.name).toBe('DomainError');
    expect(e.httpStatus).toBe(404);
  });

  it('keeps an explicit message', () => {
    const e = new DomainError('INVALID_ID', 'Invalid id: x');
    expect(e.message).toBe('Invalid id: x');
    expect(e.toBody()).toEqual({ name: 'ConsoleError', errorCode: 'INVALID_ID', message: 'Invalid id: x' });
  });
});

describe('invalidIdMessage', () => {
  it('renders any value in the message without throwing', () => {
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(invalidIdMessage('abc')).toBe('Invalid id: abc');
    expect(invalidIdMessage(12)).toBe('Invalid id: 12');
    expect(invalidIdMessage(true)).toBe('Invalid id: true');
    expect(invalidIdMessage(10n)).toBe('Invalid id: 10');
    expect(invalidIdMessage(null)).toBe('Invalid id: null');
    expect(invalidIdMessage(undefined)).toBe('Invalid id: undefined');
    expect(invalidIdMessage(Symbol('s'))).toBe('Invalid id: Symbol(s)');
    expect(invalidIdMessage({ a: 1 })).toBe('Invalid id: {"a":1}');
    expect(invalidIdMessage(() => 1)).toBe('Invalid id: function');
    expect(invalidIdMessage(circular)).toBe('Invalid id: object');
  });

  it('builds the spec message', () => {
    expect(invalidIdMessage('abc')).toBe('Invalid id: abc');
    expect(invalidIdMessage(undefined)).toBe('Invalid id: undefined');
  });
});
