import { buildInvitationUrl, invitationExpiresAt } from '@console/domain';
import { escapeHtml, formatJst } from '../mail/mail-format';
import type { OutgoingMail } from '../mail/mail.service';
import type { InvitationEntity } from './invitation.entity';

export const INVITATION_MAIL_KIND = 'invitation';

export interface InvitationMailContext {
  appOrigin: string;
  organizationName: string;
  inviter: { name: string | null; email: string };
}

/** The invitation e-mail (Japanese): organization, inviter, the invitation URL and the expiry in JST. */
export function invitationMail(invitation: InvitationEntity, context: InvitationMailContext): OutgoingMail {
  const url = buildInvitationUrl(context.appOrigin, invitation.id);
  const inviter = context.inviter.name ? `${context.inviter.name}（${context.inviter.email}）` : context.inviter.email;
  const expiresAt = formatJst(invitationExpiresAt(invitation));
  const subject = `【${context.organizationName}】組織への招待が届いています`;
  const text = [
    `${invitation.email} 様`,
    '',
    `${inviter} さんから、組織「${context.organizationName}」への招待が届いています。`,
    '以下のURLを開いて、アカウントを登録（またはログイン）し、招待を承諾してください。',
    '',
    url,
    '',
    `招待の有効期限: ${expiresAt}`,
    '',
    'このメールに心当たりがない場合は、破棄してください。',
    '※このメールは送信専用のアドレスから送信されています。',
  ].join('\n');
  const html = `<!doctype html>
<html lang="ja"><body style="font-family:sans-serif;line-height:1.7">
<p>${escapeHtml(invitation.email)} 様</p>
<p>${escapeHtml(inviter)} さんから、組織「${escapeHtml(context.organizationName)}」への招待が届いています。<br>以下のボタンからアカウントを登録（またはログイン）し、招待を承諾してください。</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 20px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none">招待を確認する</a></p>
<p>ボタンが開けない場合は、次のURLをブラウザに貼り付けてください。<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>招待の有効期限: ${escapeHtml(expiresAt)}</p>
<p style="color:#666;font-size:12px">このメールに心当たりがない場合は、破棄してください。<br>※このメールは送信専用のアドレスから送信されています。</p>
</body></html>`;
  return { kind: INVITATION_MAIL_KIND, referenceId: invitation.id, to: invitation.email, subject, text, html };
}
