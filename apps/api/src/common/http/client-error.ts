import { ERROR_HTTP_STATUS, errorMessage, localeFromAcceptLanguage, PRODUCT_ERROR_NAME, type ErrorBody, type ErrorCode } from '@console/domain';
import type { ConnectionError } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/** The Accept-Language header of the refused request, read from the bytes the parser received of it. */
function acceptLanguageOf(error: ConnectionError): string | undefined {
  const packet: unknown = error.rawPacket;
  if (!Buffer.isBuffer(packet)) return undefined;
  return /^accept-language:[ \t]*([^\r\n]*)/im.exec(packet.toString('latin1'))?.[1];
}

/**
 * Fastify's clientErrorHandler: answers a request that Node's HTTP parser refused before the
 * application saw it (a control byte in a header, a malformed request line, headers beyond the
 * size limit) with the product's error body in the request's language (Japanese unless it asks
 * for English), with `headers` (the security headers of every answer), and closes the connection.
 * There is no request object: the answer is written to the socket itself. A request that did not
 * arrive in time is not answered; its connection is closed.
 */
export function answerClientError(error: ConnectionError, socket: Socket, headers: readonly (readonly [string, string])[]): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCode = error.code === 'HPE_HEADER_OVERFLOW' ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
  const status = ERROR_HTTP_STATUS[code];
  const body: ErrorBody = { name: PRODUCT_ERROR_NAME, errorCode: code, message: errorMessage(code, localeFromAcceptLanguage(acceptLanguageOf(error))) };
  const payload = Buffer.from(JSON.stringify(body));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`,
    `date: ${new Date().toUTCString()}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${payload.length}`,
    'connection: close',
    ...headers.map(([name, value]) => `${name}: ${value}`),
  ];
  // Closed once the answer is written: the parser cannot read further requests on this connection.
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), payload]), () => socket.destroy());
}
