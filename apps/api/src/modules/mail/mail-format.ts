import { otherLocale, type Locale } from '@console/domain';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

/** Japan time in the locale: 2025年11月29日 15:04（日本時間）, November 29, 2025 15:04 (JST). */
export function formatJst(date: Date, locale: Locale): string {
  const jst = new Date(date.getTime() + JST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(jst.getUTCHours())}:${pad(jst.getUTCMinutes())}`;
  return locale === 'ja'
    ? `${jst.getUTCFullYear()}年${jst.getUTCMonth() + 1}月${jst.getUTCDate()}日 ${time}（日本時間）`
    : `${MONTHS[jst.getUTCMonth()]} ${jst.getUTCDate()}, ${jst.getUTCFullYear()} ${time} (JST)`;
}

/** Between the two languages of the plain-text body. */
export const MAIL_LANGUAGE_SEPARATOR = '-'.repeat(40);

/** One language of an e-mail: the subject, the plain text and the HTML fragment of the body. */
export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** An e-mail written in `first` (the subject too) with the other language below it. */
export function twoLanguageMail(first: Locale, texts: (locale: Locale) => MailText): MailText {
  const second = otherLocale(first);
  const [primary, secondary] = [texts(first), texts(second)];
  const text = [primary.text, '', MAIL_LANGUAGE_SEPARATOR, '', secondary.text].join('\n');
  const html = `<!doctype html>
<html lang="${first}"><body style="font-family:sans-serif;line-height:1.7">
<div lang="${first}">
${primary.html}
</div>
<hr style="border:none;border-top:1px solid #ddd;margin:24px 0">
<div lang="${second}">
${secondary.html}
</div>
</body></html>`;
  return { subject: primary.subject, text, html };
}
