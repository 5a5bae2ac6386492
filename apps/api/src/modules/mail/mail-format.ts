import type { Locale } from '@console/domain';

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
