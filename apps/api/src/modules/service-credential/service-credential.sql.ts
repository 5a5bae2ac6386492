import type { ActiveServiceSecret } from '../../common/auth/service-credential-store';
import { SERVICE_CREDENTIAL_CHANNEL } from '../../common/auth/service-callers';
import { EntityColumns, record, type Statement } from '../../database/typed-sql';
import { ServiceCredentialEntity, ServiceCredentialSecretEntity } from './service-credential.entity';

/** The raw statements of service credentials (docs/architecture.md#repositories-and-sql). */

const CREDENTIAL = new EntityColumns(ServiceCredentialEntity, 'c', ['product', 'scopes', 'revokedAt']);
const SECRET = new EntityColumns(ServiceCredentialSecretEntity, 's', ['id', 'credentialId', 'hash', 'revokedAt']);

export const decodeActiveSecret = record<ActiveServiceSecret>({
  credentialId: SECRET.fields.credentialId,
  product: CREDENTIAL.fields.product,
  scopes: CREDENTIAL.fields.scopes,
  hash: SECRET.fields.hash,
});

/** The secret `secretId` with its credential's product and scopes, when neither is revoked. */
export function activeSecret(secretId: string): Statement {
  return {
    text: `SELECT ${SECRET.sql('credentialId')} AS "credentialId", ${CREDENTIAL.sql('product')} AS "product", ${CREDENTIAL.sql('scopes')} AS "scopes", ${SECRET.sql('hash')} AS "hash"
       FROM service_credential_secrets s JOIN service_credentials c ON c.id = ${SECRET.sql('credentialId')}
       WHERE ${SECRET.sql('id')} = $1 AND ${SECRET.sql('revokedAt')} IS NULL AND ${CREDENTIAL.sql('revokedAt')} IS NULL`,
    values: [secretId],
  };
}

/** Tells every instance, when the transaction in progress commits, that the credential's secrets changed. */
export function announceChange(credentialId: string): Statement {
  return { text: 'SELECT pg_notify($1, $2)', values: [SERVICE_CREDENTIAL_CHANNEL, credentialId] };
}
