import { SERVICE_SECRET_PREFIX } from '@console/domain';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: about 50 ms and 16 MiB per hash, paid when a secret is first seen by an instance (then cached). */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** `csk_<secret id: 12 alphanumerics>_<random part: 32 bytes in base64url>`. */
const SECRET_PATTERN = new RegExp(`^${SERVICE_SECRET_PREFIX}([0-9A-Za-z]{12})_[A-Za-z0-9_-]{43}$`);

function derive(secret: string, salt: Buffer, cost: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { ...cost, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** What people see of a secret: its prefix and id (the random part is shown once, when issued). */
export function serviceSecretPrefix(secretId: string): string {
  return `${SERVICE_SECRET_PREFIX}${secretId}`;
}

/** A fresh secret of the secret `secretId`. */
export function newServiceSecret(secretId: string): string {
  return `${serviceSecretPrefix(secretId)}_${randomBytes(32).toString('base64url')}`;
}

/** The id of the secret a presented value claims to be, or null when it has not the shape of one. */
export function serviceSecretId(presented: string): string | null {
  return SECRET_PATTERN.exec(presented)?.[1] ?? null;
}

/** The stored form of a secret: `scrypt$N$r$p$<salt>$<hash>` with a salt of its own. */
export async function hashServiceSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(secret, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `secret` is the one `stored` was made of (compared in constant time). */
export async function verifyServiceSecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
