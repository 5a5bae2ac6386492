/** The signed-in account: its record, its profile, and what it may do (docs/product-rules.md#entities, #permissions). */
export { createAndCacheAccount } from './api/create-account';
export { accountDataFilename, useAccountDeletionCheck, useDeleteAccount, useExportAccountData } from './api/account-data';
export { useAccountLocale } from './account-locale';
export { accountQueryOptions, useAccountQuery, type Account } from './api/get-account';
export { recordSecondFactorEnrolled, recordSecondFactorRemoved } from './api/second-factors';
export { useRevokeOtherSessions, useRevokeSession, useSessionsQuery, type SignInSession } from './api/sessions';
export { useUpdateAccount } from './api/update-account';
export { useUploadProfileImage } from './api/upload-profile-image';
export { CurrentAccountProvider, useCurrentAccount } from './current-account';
export { DomainJoinPanel, useAutoJoin } from './components/domain-join';
export { accountKeys } from './keys';
export { usePermissions, type Can } from './permissions';
