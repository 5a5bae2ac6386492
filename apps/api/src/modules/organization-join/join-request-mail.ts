import { APP_BASE_PATH, type JoinRequestStatus, type Locale } from '@console/domain';
import { escapeHtml, twoLanguageMail, type MailText } from '../mail/mail-format';
import type { OutgoingMail } from '../mail/mail.service';

/** The kinds of the join requests' e-mails in the outbox (their reference is the request). */
const JOIN_REQUEST_MAIL_KIND = 'joinRequest';
const JOIN_DECISION_MAIL_KIND = 'joinRequestDecision';

const NOTE = {
  ja: '※このメールは送信専用のアドレスから送信されています。',
  en: 'This e-mail was sent from a send-only address.',
} as const satisfies Record<Locale, string>;

/** The e-mail's text in both languages, and the link it gives. */
function mail(
  kind: string,
  referenceId: string,
  to: string,
  locale: Locale,
  url: string,
  texts: Record<Locale, { subject: string; lines: string[] }>,
): OutgoingMail {
  const written = twoLanguageMail(locale, (language): MailText => {
    const { subject, lines } = texts[language];
    return {
      subject,
      text: [...lines, '', url, '', NOTE[language]].join('\n'),
      html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(NOTE[language])}</p>`,
    };
  });
  return { kind, referenceId, to, ...written };
}

interface RequestFacts {
  requestId: string;
  organizationId: string;
  organizationName: string;
  requester: { name: string | null; email: string };
}

/** To an admin of the organization, in their language: someone asks to join; the link opens the organization's join requests. */
export function joinRequestMail(appOrigin: string, facts: RequestFacts, admin: { email: string; locale: Locale }): OutgoingMail {
  const { organizationName, requester } = facts;
  const who = {
    ja: requester.name ? `${requester.name}（${requester.email}）` : requester.email,
    en: requester.name ? `${requester.name} (${requester.email})` : requester.email,
  };
  const url = `${appOrigin.replace(/\/+$/, '')}${APP_BASE_PATH}/organizations/${encodeURIComponent(facts.organizationId)}/settings/joinRequests`;
  return mail(JOIN_REQUEST_MAIL_KIND, facts.requestId, admin.email, admin.locale, url, {
    ja: {
      subject: `【${organizationName}】参加リクエストが届いています`,
      lines: [
        `${who.ja} さんから、組織「${organizationName}」への参加リクエストが届いています。`,
        '組織設定の「参加リクエスト」で承認または却下してください。',
      ],
    },
    en: {
      subject: `[${organizationName}] New request to join`,
      lines: [`${who.en} asks to join the organization "${organizationName}".`, 'Approve or decline it under "Join requests" in the organization settings.'],
    },
  });
}

/** To the requester, in their language: the request was approved (with a link to the console) or declined. */
export function joinDecisionMail(
  appOrigin: string,
  facts: Pick<RequestFacts, 'requestId' | 'organizationName'>,
  status: Exclude<JoinRequestStatus, 'pending'>,
  requester: { email: string; locale: Locale },
): OutgoingMail {
  const { organizationName } = facts;
  const url = `${appOrigin.replace(/\/+$/, '')}${APP_BASE_PATH}/`;
  const approved = status === 'approved';
  return mail(JOIN_DECISION_MAIL_KIND, facts.requestId, requester.email, requester.locale, url, {
    ja: {
      subject: approved ? `【${organizationName}】参加リクエストが承認されました` : `【${organizationName}】参加リクエストが却下されました`,
      lines: [
        approved
          ? `組織「${organizationName}」への参加リクエストが承認されました。ログインすると組織のプロジェクトを利用できます。`
          : `組織「${organizationName}」への参加リクエストは却下されました。詳しくは組織の管理者にお問い合わせください。`,
      ],
    },
    en: {
      subject: approved ? `[${organizationName}] Your request to join was approved` : `[${organizationName}] Your request to join was declined`,
      lines: [
        approved
          ? `Your request to join the organization "${organizationName}" was approved. Sign in to use its projects.`
          : `Your request to join the organization "${organizationName}" was declined. Please ask the organization's administrators for details.`,
      ],
    },
  });
}
