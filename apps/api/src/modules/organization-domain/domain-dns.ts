import { Inject, Injectable } from '@nestjs/common';
import { verificationRecordName, verificationRecordValue, type DomainCheckFailure } from '@console/domain';
import { Resolver } from 'node:dns/promises';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/** What a DNS check found: the record, or why not (docs/product-rules.md#verified-domains). */
export type DomainCheckResult = { verified: true } | { verified: false; failure: DomainCheckFailure };

/** The resolver's error codes (node:dns) and what they mean for a check. */
const FAILURE_BY_DNS_CODE: Readonly<Record<string, DomainCheckFailure>> = {
  ENOTFOUND: 'NXDOMAIN',
  ENODATA: 'NO_TXT_RECORD',
  ETIMEOUT: 'TIMEOUT',
  ESERVFAIL: 'SERVFAIL',
};

/**
 * Looks for the organization's TXT record at `_console-verification.<domain>` with Node's resolver,
 * at the servers of DNS_RESOLVER_SERVERS (the system's by default), with a timeout
 * (docs/operations.md#verified-domains).
 */
@Injectable()
export class DomainDns {
  private readonly resolver: Resolver;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'domains'>) {
    this.resolver = new Resolver({ timeout: config.domains.timeoutMs, tries: config.domains.tries });
    if (config.domains.resolverServers.length > 0) this.resolver.setServers(config.domains.resolverServers);
  }

  async check(domain: string, token: string): Promise<DomainCheckResult> {
    let records: string[][];
    try {
      records = await this.resolver.resolveTxt(verificationRecordName(domain));
    } catch (error: unknown) {
      const code = (error as { code?: unknown }).code;
      return { verified: false, failure: (typeof code === 'string' ? FAILURE_BY_DNS_CODE[code] : undefined) ?? 'DNS_ERROR' };
    }
    // A TXT record may come in several strings of up to 255 characters: they are one value.
    const expected = verificationRecordValue(token);
    if (records.some((parts) => parts.join('').trim() === expected)) return { verified: true };
    return { verified: false, failure: records.length === 0 ? 'NO_TXT_RECORD' : 'WRONG_TOKEN' };
  }
}
