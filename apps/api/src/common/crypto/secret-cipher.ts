import { Inject, Injectable } from '@nestjs/common';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { APP_CONFIG, type AppConfig, type SecretSealingKeys } from '../../config/app-config';

/** How a sealed secret starts: the format's version. */
const SEALED_PREFIX = 'v1';

/**
 * Seals the secrets the console keeps to use them (webhook signing secrets, SSO client secrets)
 * for the database and opens them where they are used: AES-256-GCM with the current key of
 * SECRET_SEALING_KEYS, a random 96-bit nonce per secret, and the key's id in the stored value, so
 * that a secret sealed with an earlier key is opened as long as that key is listed
 * (docs/operations.md#secret-sealing-keys). A value stored before secrets were sealed (not in the
 * sealed format) is opened as it is until it is saved again. What it seals or opens is never
 * logged, nor put in an error.
 */
@Injectable()
export class SecretCipher {
  private readonly keys: SecretSealingKeys;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'sealingKeys'>) {
    this.keys = config.sealingKeys;
  }

  /** `v1.<key id>.<nonce>.<tag>.<ciphertext>`, base64url. */
  seal(secret: string): string {
    const { id, key } = this.keys.current;
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [SEALED_PREFIX, id, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
  }

  /** The secret of a stored value; throws when its key is not listed or it was altered. */
  open(stored: string): string {
    if (!stored.startsWith(`${SEALED_PREFIX}.`)) return stored;
    const [, id = '', nonce = '', tag = '', sealed = ''] = stored.split('.');
    const key = this.keys.byId.get(id);
    if (!key) throw new Error(`the secret is sealed with key "${id}", which SECRET_SEALING_KEYS does not list`);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    try {
      return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`the secret sealed with key "${id}" cannot be opened (altered, or another key of that id)`);
    }
  }
}
