/** What the loopback DNS server of the tests answers for a name (tools/dns-test-records.cjs). */
export type DnsAnswer = { txt: string[] } | { rcode: 'SERVFAIL' | 'REFUSED' | 'NXDOMAIN' } | { silent: true };

/** What the records file holds (nothing yet: no names). */
export function readDnsRecords(file: string): Record<string, DnsAnswer>;

/** Sets (or with `undefined`, removes) what the server answers for `name`, keeping the other names, in the file named by TEST_DNS_RECORDS_FILE. */
export function setDnsAnswer(name: string, answer: DnsAnswer | undefined): void;
