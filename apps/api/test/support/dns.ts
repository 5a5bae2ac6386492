import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** What the loopback DNS server of the tests (tools/dns-test-server.mjs) answers for a name. */
export type DnsAnswer = { txt: string[] } | { rcode: 'SERVFAIL' | 'REFUSED' | 'NXDOMAIN' } | { silent: true };

/**
 * Sets (or with `undefined`, removes) what the DNS server answers for `name`, keeping the other
 * names; the server reads the file again on every query. The file is named by TEST_DNS_RECORDS_FILE
 * (the tests' global setup) unless given.
 */
export function setDnsAnswer(name: string, answer: DnsAnswer | undefined, file = process.env.TEST_DNS_RECORDS_FILE): void {
  if (!file) throw new Error('TEST_DNS_RECORDS_FILE is not set: the global setup did not start the DNS server');
  const records = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, DnsAnswer>) : {};
  if (answer === undefined) delete records[name.toLowerCase()];
  else records[name.toLowerCase()] = answer;
  writeFileSync(file, JSON.stringify(records));
}
