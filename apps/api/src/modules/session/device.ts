import Bowser from 'bowser';
import { isIP } from 'node:net';

/** The browser and operating system a user agent names (null when it names none, or there is none). */
export function describeDevice(userAgent: string | null): { browser: string | null; os: string | null } {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ');
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ');
  return { browser: browser || null, os: os || null };
}

/** The address family of an address: what, with the user agent, tells a device seen before (docs/architecture.md#sessions). */
export function addressFamily(ip: string | null): 'IPv4' | 'IPv6' | null {
  const family = ip === null ? 0 : isIP(ip);
  return family === 4 ? 'IPv4' : family === 6 ? 'IPv6' : null;
}

/**
 * Where an address is, approximately ("Tokyo, Japan"), from a local GeoIP database. None is
 * bundled: a deployment that has one provides SESSION_PLACES; without it places are unknown.
 */
export interface PlaceLookup {
  placeOf(ip: string): string | null;
}

export const SESSION_PLACES = Symbol('SESSION_PLACES');
