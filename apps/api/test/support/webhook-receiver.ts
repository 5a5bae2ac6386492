import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook request as the receiver got it. */
export interface ReceivedWebhook {
  /** The order of arrival, from 1. */
  seq: number;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The webhook-id header. */
  eventId: string;
  at: number;
}

/** How the receiver answers a request: a status (and body), after a delay, or by keeping the request unanswered. */
export type Answer = { status: number; body?: string | { bytes: number }; delayMs?: number; location?: string } | 'hang';

/**
 * A sibling product's webhook endpoint played by the test: records every request and answers as
 * `answer` decides for its path (200 unless told).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  answer: (request: ReceivedWebhook) => Answer = () => ({ status: 200 });
  /** Called as each request arrives, before it is answered. */
  onReceive: (request: ReceivedWebhook) => void = () => undefined;
  private server: Server | undefined;
  private readonly open = new Set<ServerResponse>();

  get url(): string {
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  /** The requests of a path. */
  to(path: string): ReceivedWebhook[] {
    return this.received.filter((r) => r.path === path);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const received: ReceivedWebhook = {
      seq: this.received.length + 1,
      path: request.url ?? '/',
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
      eventId: String(request.headers['webhook-id'] ?? ''),
      at: Date.now(),
    };
    this.received.push(received);
    this.onReceive(received);
    const answer = this.answer(received);
    if (answer === 'hang') {
      this.open.add(response);
      return;
    }
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (response.destroyed) return;
    response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
    if (typeof answer.body === 'object') {
      // A body far larger than anyone should read, written as the reader takes it.
      const block = Buffer.alloc(64 * 1024, 'x');
      let left = answer.body.bytes;
      const write = (): void => {
        while (left > 0 && !response.destroyed) {
          left -= block.length;
          if (!response.write(block)) return void response.once('drain', write);
        }
        response.end();
      };
      response.on('error', () => undefined);
      write();
      return;
    }
    response.end(answer.body ?? '');
  }

  async close(): Promise<void> {
    for (const response of this.open) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
