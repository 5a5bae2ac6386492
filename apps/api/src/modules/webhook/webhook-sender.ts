import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { Agent, request } from 'undici';

/** undici's pool of the deliveries, and its call. */
interface Undici {
  agent: Agent;
  request: typeof request;
}

/** The most of an answer's body that is read; the rest is discarded with the connection. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/** A delivery that can never succeed as it is: the endpoint's address is refused (no retry). */
export class DeliveryRefused extends Error {}

/** What an endpoint answered to a delivery. */
export interface EndpointAnswer {
  statusCode: number;
  /** The start of the body (at most 200 characters), for the delivery's last error. */
  bodyStart: string;
}

/** Networks a webhook may not reach outside dev and test: this host, private networks, link-local, unique-local, multicast, reserved. */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  REFUSED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | null {
  const match = /^(?:::ffff:(?:0:)?|64:ff9b::)(.+)$/i.exec(address);
  const rest = match?.[1];
  if (rest === undefined) return null;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1] ?? '0', 16), parseInt(hex[2] ?? '0', 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether a webhook may not reach the address (outside dev and test). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return REFUSED.check(address, 'ipv4');
  if (family !== 6) return true;
  const ipv4 = embeddedIpv4(address);
  return ipv4 !== null ? REFUSED.check(ipv4, 'ipv4') : REFUSED.check(address, 'ipv6');
}

const refusal = (host: string, address: string): DeliveryRefused =>
  new DeliveryRefused(`refused: ${host} resolves to ${address}, a loopback, private, link-local or multicast address`);

/**
 * A DNS lookup that fails with {@link DeliveryRefused} when any address of the name is refused.
 * The connection is made to the address it checked, so a name that resolves differently the next
 * time (DNS rebinding) cannot slip through.
 */
function guardedLookup(): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => isRefusedAddress(a.address));
      const first = addresses[0];
      if (refused) return callback(refusal(hostname, refused.address), '', 0);
      if (!first) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all === true) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Posts webhooks (undici): a time limit for the whole exchange, no redirect followed, at most
 * {@link MAX_RESPONSE_BYTES} of an answer read, and — unless private addresses are allowed (dev and
 * test) — no connection to a refused address, whether the URL names it or its name resolves to it.
 */
export class WebhookSender {
  /** undici and its connection pool, loaded at the first delivery (not as the API starts, when most processes deliver nothing yet). */
  private client: Promise<Undici> | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly allowPrivateAddresses: boolean,
  ) {}

  private undici(): Promise<Undici> {
    this.client ??= import('undici').then((undici) => ({
      agent: new undici.Agent({
        connect: this.allowPrivateAddresses ? {} : { lookup: guardedLookup() },
        connections: 16,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      }),
      request: undici.request,
    }));
    return this.client;
  }

  /** Posts `body`; throws {@link DeliveryRefused} for a refused address, an Error for a failed exchange (timeout, connection). */
  async post(url: string, headers: Record<string, string>, body: string): Promise<EndpointAnswer> {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (!this.allowPrivateAddresses && isIP(host) !== 0 && isRefusedAddress(host)) throw refusal(host, host);
    const { agent, request } = await this.undici();
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const answer = await request(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': 'console-webhooks/1' },
        body,
        dispatcher: agent,
        signal,
      });
      let read = Buffer.alloc(0);
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        read = Buffer.concat([read, chunk.subarray(0, MAX_RESPONSE_BYTES - read.length)]);
        if (read.length >= MAX_RESPONSE_BYTES) {
          answer.body.destroy();
          break;
        }
      }
      return { statusCode: answer.statusCode, bodyStart: read.toString('utf8', 0, Math.min(read.length, 800)).slice(0, 200) };
    } catch (error) {
      if (signal.aborted) throw new Error(`no answer within ${this.timeoutMs / 1000} s`, { cause: error });
      const cause = error instanceof Error && error.cause instanceof DeliveryRefused ? error.cause : error;
      throw cause;
    }
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).agent.close();
  }
}
