import { allColumns, record, type Statement } from '../../database/typed-sql';
import { UsedSamlAssertionEntity } from './used-saml-assertion.entity';

/** The raw statements of SAML sign-ins (docs/architecture.md#repositories-and-sql). */

const USED = allColumns(UsedSamlAssertionEntity, 'u');

export const decodeUsedAssertion = record<UsedSamlAssertionEntity>(USED.fields);

/** Records the assertion as used; answers its row, or no row when it was used already. */
export function recordUsedAssertion(assertion: UsedSamlAssertionEntity): Statement {
  return {
    text: `INSERT INTO used_saml_assertions AS u (${USED.column('connectionId')}, ${USED.column('assertionId')}, ${USED.column('expiresAt')}) VALUES ($1, $2, $3)
       ON CONFLICT (${USED.column('connectionId')}, ${USED.column('assertionId')}) DO NOTHING
       RETURNING ${USED.select()}`,
    values: [assertion.connectionId, assertion.assertionId, assertion.expiresAt],
  };
}
