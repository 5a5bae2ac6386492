/** The texts of the organizations' domains (organization settings and the system-admin area). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const domains = {
  description: '組織が所有するドメインを追加し、DNSのTXTレコードで所有を確認します。',
  addLabel: 'ドメイン',
  addPlaceholder: 'example.co.jp',
  add: '追加',
  added: 'ドメインを追加しました',
  addFailed: 'ドメインを追加できませんでした',
  empty: 'ドメインはまだありません',
  domain: 'ドメイン',
  state: '状態',
  lastChecked: '最終確認',
  notChecked: '未確認',
  states: { pending: '確認待ち', verified: '確認済み', failed: '確認失敗' },
  recordIntro: '次のTXTレコードをDNSに追加してから「確認」を押してください。',
  recordName: 'ホスト名',
  recordValue: '値',
  copy: 'コピー',
  copied: 'コピーしました',
  verify: '確認',
  recheck: '再確認',
  remove: '削除',
  removeTitle: 'ドメインを削除',
  removeConfirm: '{{domain}} を削除しますか？',
  removed: 'ドメインを削除しました',
  removeFailed: 'ドメインを削除できませんでした',
  verified: '{{domain}} を確認しました',
  checkFailed: 'ドメインを確認できませんでした',
  verifiedBy: { dns: 'DNSで確認', systemAdmin: 'システム管理者が確認' },
  failures: {
    NXDOMAIN: 'TXTレコードのホスト名が見つかりません。DNSに追加したか確認し、反映後に再確認してください。',
    NO_TXT_RECORD: 'ホスト名にTXTレコードがありません。値を追加し、反映後に再確認してください。',
    WRONG_TOKEN: 'TXTレコードの値が一致しません。表示されている値をそのまま追加してください。',
    TIMEOUT: 'DNSの応答がありませんでした。しばらくしてから再確認してください。',
    SERVFAIL: 'ドメインのDNSサーバーがエラーを返しました。しばらくしてから再確認してください。',
    DNS_ERROR: 'DNSの問い合わせに失敗しました。しばらくしてから再確認してください。',
  },
  joinPolicy: '参加設定',
  joinModes: { off: '参加させない', automatic: '自動で参加させる', request: '参加リクエストを受け付ける' },
} as const;

addJapaneseTexts({ domains });
