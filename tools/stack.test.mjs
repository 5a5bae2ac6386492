// @ts-check
// The test stack's ports: `freePort` hands out loopback ports below the kernel's ephemeral range,
// so that an outgoing connection opened between the choice and the bind cannot take one.
//
//   pnpm test:tooling
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { it } from 'node:test';
import { freePort } from './stack.mjs';

/** The first port of Linux's ephemeral range on this machine. */
const ephemeralFirst = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

it('hands out distinct bindable loopback ports below the ephemeral range', async () => {
  const ports = [];
  const servers = [];
  for (let i = 0; i < 20; i += 1) {
    const port = await freePort();
    assert.ok(port >= 1024 && port < ephemeralFirst, `port ${port} is not below ${ephemeralFirst}`);
    const server = createServer();
    await new Promise((listening, failed) => server.once('error', failed).listen(port, '127.0.0.1', () => listening(undefined)));
    // Held while the next ones are chosen: a port in use is never handed out.
    servers.push(server);
    ports.push(port);
  }
  await Promise.all(servers.map((server) => new Promise((closed) => server.close(() => closed(undefined)))));
  assert.equal(new Set(ports).size, ports.length);
});
