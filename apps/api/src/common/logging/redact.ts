/**
 * E-mail addresses, not preceded by a backslash so that the escape of a JSON string before one
 * (`\n` in "…\nuser@example.com") is left whole.
 */
const EMAIL = /(?<!\\)[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** JWTs (Firebase ID tokens and session cookies): base64url header and payload, signature possibly empty. */
const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g;
/** Credentials of an Authorization header written out. */
const AUTHORIZATION = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;

/**
 * The text with every e-mail address, token and credential replaced: for what leaves the process
 * (log lines, error reports), which may quote an address or a token in an error message. A JSON
 * text stays valid JSON. Most lines hold none, and are only searched for the characters each needs.
 */
export function redactPersonalData(text: string): string {
  let redacted = text;
  if (redacted.includes('@')) redacted = redacted.replace(EMAIL, '[email]');
  if (redacted.includes('eyJ')) redacted = redacted.replace(JWT, '[token]');
  if (/bearer|basic/i.test(redacted)) redacted = redacted.replace(AUTHORIZATION, '$1 [token]');
  return redacted;
}
