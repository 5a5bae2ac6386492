import { DomainError } from '@console/domain';
import { X509Certificate } from 'node:crypto';

/** The smallest RSA key a SAML signing certificate may have. */
const MIN_RSA_BITS = 2048;

/** What the connection shows of an identity provider's signing certificate. */
export interface CertificateFacts {
  subject: string;
  validFrom: Date;
  validTo: Date;
}

const PEM_MARKERS = /-----(BEGIN|END) CERTIFICATE-----/g;

/**
 * The certificate in PEM as written (its line breaks may be spaces: a request holds no control
 * characters) in its standard form: the base64 body in lines of 64 between the markers.
 */
export function normalizeCertificate(written: string): string {
  const body = written.replace(PEM_MARKERS, '').replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${(body.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * Checks a SAML identity provider's signing certificate (PEM, see {@link normalizeCertificate}) as
 * node:crypto reads it: an X.509 certificate (SSO_CERTIFICATE_INVALID), valid at `now`
 * (SSO_CERTIFICATE_EXPIRED), with an RSA key of 2048 bits or more or an EC key
 * (SSO_CERTIFICATE_KEY_UNSUPPORTED).
 */
export function checkSamlCertificate(pem: string, now: Date): CertificateFacts {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new DomainError('SSO_CERTIFICATE_INVALID');
  }
  const facts = { subject: certificate.subject, validFrom: certificate.validFromDate, validTo: certificate.validToDate };
  if (now < facts.validFrom || now > facts.validTo) throw new DomainError('SSO_CERTIFICATE_EXPIRED');
  const key = certificate.publicKey;
  const rsa = key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MIN_RSA_BITS;
  if (!rsa && key.asymmetricKeyType !== 'ec') throw new DomainError('SSO_CERTIFICATE_KEY_UNSUPPORTED');
  return facts;
}

/** The facts of a certificate saved already (checked when it was saved), null when it no longer reads. */
export function certificateFacts(pem: string): CertificateFacts | null {
  try {
    const certificate = new X509Certificate(pem);
    return { subject: certificate.subject, validFrom: certificate.validFromDate, validTo: certificate.validToDate };
  } catch {
    return null;
  }
}
