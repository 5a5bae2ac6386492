// @ts-check
// A stand-in for SendGrid's v3 mail API (the API's real SendGrid sender is pointed at it with
// SENDGRID_API_URL): records every delivery with the console's message id, answers 202 after a
// configurable delay so that deliveries are still in progress when an instance is killed.
import { createServer } from 'node:http';

/** @typedef {{ messageId: string | undefined, to: string | undefined, subject: string | undefined, text: string }} Delivery */
/**
 * The part of a v3 mail/send request body read here.
 * @typedef {{ headers?: Record<string, string>, personalizations?: { to?: { email?: string }[] }[], subject?: string, content?: { type: string, value: string }[] }} MailSendBody
 */

/** @param {{ delayMs?: number }} [options] */
export async function startSendgridStandIn({ delayMs = 0 } = {}) {
  /**
   * Every accepted request, in arrival order.
   * @type {Delivery[]}
   */
  const deliveries = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v3/mail/send') {
        res.writeHead(404).end();
        return;
      }
      /** @type {unknown} */
      const parsed = JSON.parse(body);
      const mail = /** @type {MailSendBody} */ (parsed);
      const text = (mail.content ?? []).find((c) => c.type === 'text/plain')?.value ?? '';
      // Recorded on receipt, as SendGrid would send it even if the sender died before the answer.
      deliveries.push({ messageId: mail.headers?.['X-Console-Message-Id'], to: mail.personalizations?.[0]?.to?.[0]?.email, subject: mail.subject, text });
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(202).end();
      }, delayMs);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}`,
    deliveries,
    /** @returns {Promise<void>} */
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
