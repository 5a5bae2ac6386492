import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface ReceivedMail {
  seq: number;
  at: number;
  /** The X-Console-Message-Id mail header of the request (in SendGrid's JSON, or as an HTTP header). */
  messageId: string | undefined;
  /** customArgs.consoleMessageId (custom_args in SendGrid's JSON). */
  customArgId: string | undefined;
  to: string | undefined;
  authorization: string | undefined;
}

interface SendgridMailBody {
  personalizations?: { to?: { email?: string }[] }[];
  headers?: Record<string, string>;
  custom_args?: Record<string, string>;
}

/**
 * Plays SendGrid's v3 mail API: POST /v3/mail/send answers after `delayMs`, recording each request;
 * 202, or the status `answer` gives the request (a 5xx: the mail service failing).
 */
export class FakeSendgrid {
  readonly received: ReceivedMail[] = [];
  /** Called as a request arrives, before it is answered. */
  onReceive: (mail: ReceivedMail) => void = () => undefined;
  /** The status of the answer to a request. */
  answer: (mail: ReceivedMail) => number = () => 202;
  private readonly server: Server;
  port = 0;

  constructor(public delayMs: number) {
    this.server = createServer((request, response) => this.handle(request, response));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v3/mail/send') {
        response.writeHead(404).end();
        return;
      }
      let body: SendgridMailBody;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString()) as SendgridMailBody;
      } catch {
        response.writeHead(400).end();
        return;
      }
      const header = request.headers['x-console-message-id'];
      const mail: ReceivedMail = {
        seq: this.received.length + 1,
        at: Date.now(),
        messageId: body.headers?.['X-Console-Message-Id'] ?? (typeof header === 'string' ? header : undefined),
        customArgId: body.custom_args?.consoleMessageId,
        to: body.personalizations?.[0]?.to?.[0]?.email,
        authorization: request.headers.authorization,
      };
      this.received.push(mail);
      this.onReceive(mail);
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(this.answer(mail)).end();
      }, this.delayMs);
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    this.port = address.port;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
