import { allColumns, record, type Statement } from '../../database/typed-sql';
import { AccountEntity } from './account.entity';

/** The raw statements of the accounts (docs/architecture.md#repositories-and-sql). */

const ACCOUNT = allColumns(AccountEntity, 'a');

export const decodeAccount = record<AccountEntity>(ACCOUNT.fields);

/** The account of a Firebase user, every column under its property name. */
export function accountByIdaasId(idaasId: string): Statement {
  return { text: `SELECT ${ACCOUNT.select()} FROM accounts a WHERE ${ACCOUNT.sql('idaasId')} = $1`, values: [idaasId] };
}
