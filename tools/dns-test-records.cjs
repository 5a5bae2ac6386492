// @ts-check
// The records of the loopback DNS server of the tests (tools/dns-test-server.mjs): a JSON file that
// maps a lower-case name to what the server answers for it, read again on every query, and written
// by the tests (the API's and the browser tests, in other processes than the server's):
//   { "txt": ["value", …] }  NOERROR with those TXT records (none: the name exists without TXT)
//   { "rcode": "SERVFAIL" }  that response code
//   { "silent": true }       no answer at all (the resolver times out)
// A name the file does not hold answers NXDOMAIN. CommonJS, so that the tests (compiled to
// CommonJS) call it synchronously; its types are in dns-test-records.d.cts.
const { existsSync, readFileSync, writeFileSync } = require('node:fs');

/** @typedef {import('./dns-test-records.cjs').DnsAnswer} DnsAnswer */

/**
 * What the file holds (nothing yet: no names).
 * @param {string} file
 * @returns {Record<string, DnsAnswer>}
 */
function readDnsRecords(file) {
  if (!existsSync(file)) return {};
  /** @type {unknown} */
  const records = JSON.parse(readFileSync(file, 'utf8'));
  return /** @type {Record<string, DnsAnswer>} */ (records);
}

/**
 * Sets (or with `undefined`, removes) what the server answers for `name`, keeping the other names,
 * in the file named by TEST_DNS_RECORDS_FILE (set by the global setup of the API's and of the
 * browser tests, which start the server).
 * @param {string} name
 * @param {DnsAnswer | undefined} answer
 * @returns {void}
 */
function setDnsAnswer(name, answer) {
  const file = process.env.TEST_DNS_RECORDS_FILE;
  if (!file) throw new Error('TEST_DNS_RECORDS_FILE is not set: the global setup did not start the DNS server');
  const records = readDnsRecords(file);
  if (answer === undefined) delete records[name.toLowerCase()];
  else records[name.toLowerCase()] = answer;
  writeFileSync(file, JSON.stringify(records));
}

module.exports = { readDnsRecords, setDnsAnswer };
