/** What the auth guard needs of a signed-in user's account. */
interface LookedUpAccount {
  id: string;
  email: string;
  isSystemAdmin: boolean;
}

/**
 * How the auth guard finds the account of a verified Firebase user (by its uid). Declared here and
 * provided by the module that owns accounts (see AuthModule.forRoot), so that the shared auth code
 * depends on no feature module.
 */
export abstract class AccountLookup {
  abstract findByIdaasId(idaasId: string): Promise<LookedUpAccount | null>;
}
