/** The texts of joining an organization through a verified domain (the project chooser). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const domainJoin = {
  joined: '組織「{{organization}}」に参加しました',
  verifyTitle: 'メールアドレスの確認で「{{organization}}」に参加できます',
  verifyDescription: 'メールのリンクを開いてから押してください',
  sendVerification: '確認メールを送信',
  verificationSent: '確認メールを送信しました',
  verificationSendFailed: '確認メールを送信できませんでした',
  verified: '確認しました',
  request: '「{{organization}}」への参加をリクエスト',
  requestFailed: '参加をリクエストできませんでした',
  pending: 'リクエスト済み（{{date}}）・承認待ち',
} as const;

addJapaneseTexts({ domainJoin });
