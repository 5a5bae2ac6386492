/** Search parameters that carry a secret: the password-reset code of /reset-password (docs/product-rules.md#screens). */
const SECRET_PARAMETERS = ['oobCode'];

/** The URL (absolute or a path) without its secret search parameters, for reports that leave the page. */
export function withoutSecrets(url: string): string {
  const hashStart = url.indexOf('#');
  const beforeHash = hashStart < 0 ? url : url.slice(0, hashStart);
  const queryStart = beforeHash.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(beforeHash.slice(queryStart + 1));
  const secrets = SECRET_PARAMETERS.filter((name) => params.has(name));
  if (secrets.length === 0) return url;
  for (const name of secrets) params.delete(name);
  const query = params.toString();
  return `${beforeHash.slice(0, queryStart)}${query ? `?${query}` : ''}${hashStart < 0 ? '' : url.slice(hashStart)}`;
}
