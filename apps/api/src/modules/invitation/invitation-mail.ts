import { buildInvitationUrl, invitationExpiresAt, type Locale } from '@console/domain';
import { escapeHtml, formatJst, twoLanguageMail, type MailText } from '../mail/mail-format';
import type { OutgoingMail } from '../mail/mail.service';
import type { InvitationEntity } from './invitation.entity';

export const INVITATION_MAIL_KIND = 'invitation';

export interface InvitationMailContext {
  appOrigin: string;
  organizationName: string;
  inviter: { name: string | null; email: string; locale: Locale };
}

interface InvitationFacts {
  to: string;
  organizationName: string;
  inviter: { name: string | null; email: string };
  url: string;
  expiresAt: Date;
}

const BUTTON_STYLE = 'display:inline-block;padding:10px 20px;background:#1c7ed6;color:#fff;border-radius:6px;text-decoration:none';
const NOTE_STYLE = 'color:#666;font-size:12px';

const INVITATION_TEXTS: Readonly<Record<Locale, (facts: InvitationFacts) => MailText>> = {
  ja: ({ to, organizationName, inviter: { name, email }, url, expiresAt }) => {
    const inviter = name ? `${name}（${email}）` : email;
    const expires = formatJst(expiresAt, 'ja');
    return {
      subject: `【${organizationName}】組織への招待が届いています`,
      text: [
        `${to} 様`,
        '',
        `${inviter} さんから、組織「${organizationName}」への招待が届いています。`,
        '以下のURLを開いて、アカウントを登録（またはログイン）し、招待を承諾してください。',
        '',
        url,
        '',
        `招待の有効期限: ${expires}`,
        '',
        'このメールに心当たりがない場合は、破棄してください。',
        '※このメールは送信専用のアドレスから送信されています。',
      ].join('\n'),
      html: `<p>${escapeHtml(to)} 様</p>
<p>${escapeHtml(inviter)} さんから、組織「${escapeHtml(organizationName)}」への招待が届いています。<br>以下のボタンからアカウントを登録（またはログイン）し、招待を承諾してください。</p>
<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">招待を確認する</a></p>
<p>ボタンが開けない場合は、次のURLをブラウザに貼り付けてください。<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>招待の有効期限: ${escapeHtml(expires)}</p>
<p style="${NOTE_STYLE}">このメールに心当たりがない場合は、破棄してください。<br>※このメールは送信専用のアドレスから送信されています。</p>`,
    };
  },
  en: ({ to, organizationName, inviter: { name, email }, url, expiresAt }) => {
    const inviter = name ? `${name} (${email})` : email;
    const expires = formatJst(expiresAt, 'en');
    return {
      subject: `[${organizationName}] You have been invited to an organization`,
      text: [
        `Hello ${to},`,
        '',
        `${inviter} has invited you to the organization "${organizationName}".`,
        'Open the URL below, sign up (or sign in), and accept the invitation.',
        '',
        url,
        '',
        `The invitation expires: ${expires}`,
        '',
        'If you did not expect this e-mail, please discard it.',
        'This e-mail was sent from a send-only address.',
      ].join('\n'),
      html: `<p>Hello ${escapeHtml(to)},</p>
<p>${escapeHtml(inviter)} has invited you to the organization "${escapeHtml(organizationName)}".<br>Use the button below to sign up (or sign in) and accept the invitation.</p>
<p><a href="${escapeHtml(url)}" style="${BUTTON_STYLE}">View the invitation</a></p>
<p>If the button does not open, paste this URL into your browser:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p>The invitation expires: ${escapeHtml(expires)}</p>
<p style="${NOTE_STYLE}">If you did not expect this e-mail, please discard it.<br>This e-mail was sent from a send-only address.</p>`,
    };
  },
};

/**
 * The invitation e-mail: organization, inviter, the invitation URL and the expiry in Japan time,
 * written in the inviter's language (the subject too) with the other language below it.
 */
export function invitationMail(invitation: InvitationEntity, context: InvitationMailContext): OutgoingMail {
  const facts: InvitationFacts = {
    to: invitation.email,
    organizationName: context.organizationName,
    inviter: context.inviter,
    url: buildInvitationUrl(context.appOrigin, invitation.id),
    expiresAt: invitationExpiresAt(invitation),
  };
  const { subject, text, html } = twoLanguageMail(context.inviter.locale, (locale) => INVITATION_TEXTS[locale](facts));
  return { kind: INVITATION_MAIL_KIND, referenceId: invitation.id, to: invitation.email, subject, text, html };
}
