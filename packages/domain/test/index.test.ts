import * as domain from '../src';

/** The public surface other packages code against. */
const EXPECTED_EXPORTS = [
  // errors
  'DomainError', 'ErrorCodes', 'ERROR_CODES', 'ERROR_MESSAGES', 'ERROR_HTTP_STATUS', 'PRODUCT_ERROR_NAME',
  'isDomainError', 'isErrorCode', 'isErrorBody', 'domainErrorFromBody', 'httpStatusOf', 'invalidIdMessage', 'describeValue',
  'ERROR_MESSAGES_EN', 'errorMessage', 'localizeErrorMessage',
  // locales
  'LOCALES', 'DEFAULT_LOCALE', 'isLocale', 'otherLocale', 'localeFromAcceptLanguage',
  // ids
  'ID_ALPHABET', 'ID_LENGTHS', 'ID_KINDS', 'ROOT_ACCOUNT_ID', 'generateId', 'isValidId', 'assertValidId',
  // roles
  'ADMIN_ROLE_KEY', 'MEMBER_ROLE_KEY', 'SUPERVISOR_ROLE_KEY', 'PRESET_ORGANIZATION_ROLES', 'PRESET_PROJECT_ROLES',
  'normalizeRoleDescription', 'pickDefaultOrganizationRole', 'pickDefaultProjectRole', 'isAdminRoleKey', 'findRoleById',
  // validation
  'EMAIL_PATTERN', 'isValidEmail', 'normalizeEmail', 'emailsEqual', 'uniqueEmails', 'assertValidEmail',
  'PASSWORD_MIN_LENGTH', 'PASSWORD_SYMBOLS', 'PASSWORD_LETTERS_AND_DIGITS', 'PASSWORD_ALPHABET', 'isValidPassword', 'assertValidPassword',
  'isCompanyEmail', 'NAME_MAX_LENGTH', 'isNonEmptyName', 'isValidName', 'validateName',
  'SUPPORTED_IMAGE_TYPES', 'IMAGE_MAX_BYTES', 'isSupportedImageType', 'assertValidImage',
  // products
  'PRODUCTS', 'PRODUCT_KEYS', 'DEFAULT_PLAN', 'NO_PRODUCTS_IN_USE', 'isProductKey', 'findProduct', 'isValidPlan', 'planOf',
  'isProductEnabled', 'enabledProducts', 'defaultProductKey', 'landingProduct', 'parseProductSettings',
  // memberships
  'mergeProjectAssignments', 'addMissingProjects', 'addMembership', 'assignOrganizationRole', 'assignProjectRole',
  'removeOrganizationMembership', 'removeProjectMembership', 'findMembership', 'isOrganizationMember', 'findProjectAssignment',
  // invitations
  'INVITATION_LIFETIME_SECONDS', 'APP_BASE_PATH', 'invitationStatus', 'invitationExpiresAt', 'assertInvitationMembershipValid',
  'invitationMatchesProject', 'buildInvitationUrl', 'assertCanAccept', 'isInviteEntryFailed', 'inviteOutcome',
  // permissions
  'Actions', 'ALL_ACTIONS', 'decide', 'can', 'assertAllowed',
  // audit
  'AUDIT_ACTIONS', 'AUDIT_TARGET_TYPES', 'AUDIT_ACTION_LABELS', 'isAuditAction', 'isAuditTargetType',
];

describe('index', () => {
  it.each(EXPECTED_EXPORTS)('re-exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});
