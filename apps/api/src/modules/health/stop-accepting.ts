import type { Server as HttpServer } from 'node:http';
import { Server } from 'node:net';

/**
 * Closes the listening socket and nothing else: new connections are refused (a proxy sends the
 * call to another instance, as it was not sent), open ones stay. http.Server#close would also
 * close every connection it counts as idle, among them one accepted a moment ago whose request
 * has not been read yet: that request, already sent, would meet a reset.
 */
export function stopAccepting(server: HttpServer): void {
  Server.prototype.close.call(server);
}

/** Resolves once the server has no open connection, or after `timeoutMs`, with the number still open. */
export async function connectionsEnded(server: HttpServer, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));
    if (open === 0 || Date.now() >= deadline) return open;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Resolves once no connection has come for `quietMs` (at the latest after `timeoutMs`): the moment
 * to close the listener. A connection whose handshake the kernel completed but that the process has
 * not accepted yet is reset when the listener closes, and its proxy has already sent a call on it;
 * a proxy that keeps its connections alive opens new ones only now and then, so after a quiet spell
 * there is none pending.
 */
export function quietMoment(server: HttpServer, quietMs: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = Date.now() + timeoutMs;
    let last = Date.now();
    const onConnection = (): void => {
      last = Date.now();
    };
    server.on('connection', onConnection);
    const check = (): void => {
      const now = Date.now();
      if (now - last >= quietMs || now >= deadline) {
        // Timers run before the event loop polls for I/O: a handshake the kernel completed since
        // the last poll is accepted (a 'connection') only in the coming poll, after which
        // setImmediate runs. Decide there, so that such a connection is not reset by the close.
        setImmediate(() => {
          if (Date.now() - last < quietMs && Date.now() < deadline) {
            setTimeout(check, quietMs);
            return;
          }
          server.off('connection', onConnection);
          resolve();
        });
        return;
      }
      setTimeout(check, Math.min(quietMs - (now - last), deadline - now));
    };
    setTimeout(check, quietMs);
  });
}
