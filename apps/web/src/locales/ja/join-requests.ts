/** The texts of join requests (organization settings). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const joinRequests = {
  statuses: { pending: '承認待ち', approved: '承認済み', declined: '却下済み' },
  approve: '承認',
  decline: '却下',
  declineConfirm: '{{email}} の参加リクエストを却下しますか？',
  empty: '参加リクエストはありません',
} as const;

addJapaneseTexts({ joinRequests });
