// @ts-check
// A small authoritative DNS server on loopback for the tests of verified domains
// (docs/product-rules.md#verified-domains): it answers from a JSON file the tests write
// (tools/dns-test-records.cjs), read again on every query, so that a test in another process (the
// API under test, a browser test) sees its records at once. A name the file does not hold answers NXDOMAIN.
import { createSocket } from 'node:dgram';
import dnsPacket from 'dns-packet';
import { readDnsRecords } from './dns-test-records.cjs';

/** Response codes by name (RFC 1035 4.1.1). */
const RCODES = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 };

/**
 * Starts the server on 127.0.0.1 at `port` (0: a free one) answering from `file`.
 * @param {{ file: string; port?: number }} options
 * @returns {Promise<{ port: number; server: string; stop: () => Promise<void> }>}
 */
export function startDnsServer({ file, port = 0 }) {
  const socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    /** @type {import('dns-packet').Packet} */
    let query;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const answer = readDnsRecords(file)[question.name.toLowerCase()];
    if (answer && 'silent' in answer) return;
    const rcode = answer === undefined ? 'NXDOMAIN' : 'rcode' in answer ? answer.rcode : 'NOERROR';
    const txt = answer && 'txt' in answer && question.type === 'TXT' ? answer.txt : [];
    const response = dnsPacket.encode({
      type: 'response',
      id: query.id,
      // Authoritative answer, recursion desired as asked, and the response code (low four bits).
      flags: dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | RCODES[rcode],
      questions: [question],
      answers: txt.map((data) => ({ type: 'TXT', name: question.name, ttl: 60, class: 'IN', data })),
    });
    socket.send(response, remote.port, remote.address);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, '127.0.0.1', () => {
      const bound = socket.address().port;
      resolve({
        port: bound,
        server: `127.0.0.1:${bound}`,
        stop: () => new Promise((done) => socket.close(() => done())),
      });
    });
  });
}
