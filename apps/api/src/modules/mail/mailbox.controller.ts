import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '../../common/openapi/decorators';
import { DomainError } from '@console/domain';
import type { FastifyReply } from 'fastify';
import { Access } from '../../common/auth/access.decorator';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { mailboxDir, readMailbox, type StoredMail } from './local-mailbox-sender';
import { escapeHtml } from './mail-format';

function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(messages: readonly StoredMail[]): string {
  const items = messages
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">宛先: ${escapeHtml(m.to)} ／ 送信元: ${escapeHtml(m.from)} ／ 送信日時: ${escapeHtml(m.sentAt)} ／ ID: ${escapeHtml(m.id)}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="ja">
<head><meta charset="utf-8"><title>ローカルメールボックス</title>
<style>body{font-family:sans-serif;max-width:880px;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}.meta{color:#666;font-size:.85rem}pre{white-space:pre-wrap}</style></head>
<body>
<h1>ローカルメールボックス</h1>
<p>開発環境で送信されたメール（${messages.length}件、新しい順）。</p>
${items || '<p>メールはまだありません。</p>'}
</body>
</html>`;
}

/** Development only: the e-mails the local mailbox received, so that invitation links can be followed. */
@ApiExcludeController()
@Controller('dev')
export class MailboxController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  private async messages(): Promise<StoredMail[]> {
    if (this.config.environment !== 'dev' && this.config.environment !== 'test') throw new DomainError('NOT_FOUND');
    return readMailbox(mailboxDir(this.config));
  }

  @Get('mailbox')
  @Access('public')
  @Header('Cache-Control', 'no-store')
  // The API's policy (common/http/security-headers.ts) with the page's inline style.
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
  async devMailbox(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const html = page(await this.messages());
    // Set only on success: an error still goes out as the JSON error body.
    void reply.type('text/html; charset=utf-8');
    return html;
  }

  @Get('mailbox.json')
  @Access('public')
  @Header('Cache-Control', 'no-store')
  devMailboxJson(): Promise<StoredMail[]> {
    return this.messages();
  }
}
