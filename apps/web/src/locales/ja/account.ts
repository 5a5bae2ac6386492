/** The texts of account settings (profile, authentication, sessions, the account's data and its deletion). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const account = {
  title: 'アカウント設定',
  backToProjects: 'プロジェクト一覧へ戻る',
  profileTab: 'プロフィール',
  authenticationTab: '認証',
  sessionsTab: 'セッション',
  sessions: {
    title: 'ログイン中のセッション',
    description: 'このアカウントにログインしているブラウザです。心当たりのないセッションはログアウトしてください。',
    listLabel: 'ログイン中のセッション一覧',
    current: 'このデバイス',
    unknown: '不明',
    place: '場所',
    address: 'IPアドレス',
    signInMethod: 'ログイン方法',
    methods: { password: 'メールアドレスとパスワード', google: 'Google', sso: 'シングルサインオン（SSO）' },
    signedInAt: 'ログイン日時',
    lastSeenAt: '最終アクセス',
    revoke: 'ログアウト',
    revokeLabel: '{{device}}のセッションをログアウト',
    revoked: 'セッションをログアウトしました',
    revokeFailed: 'セッションをログアウトできませんでした',
    revokeOthers: '他のセッションをすべてログアウト',
    revokeOthersTitle: '他のセッションをすべてログアウトしますか？',
    revokeOthersBody: 'このデバイス以外のすべてのブラウザでログアウトされます。',
    revokedOthers: '他のセッションをログアウトしました',
    revokeOthersFailed: '他のセッションをログアウトできませんでした',
    empty: 'ログイン中のセッションはありません',
  },
  profileImage: 'プロフィール画像',
  uploadImage: '画像をアップロード',
  deleteImage: '画像を削除',
  imageHint: 'PNG・JPEG・WebP・AVIF形式の画像を選択してください',
  name: '名前',
  namePlaceholder: '名前を入力',
  profileUpdated: 'プロフィールを更新しました',
  profileUpdateFailed: 'プロフィールの更新ができませんでした',
  imageUploadFailed: '画像のアップロードができませんでした',
  emailLabel: 'メールアドレス',
  passwordLabel: 'パスワード',
  passwordDescription: '登録済みのメールアドレスにパスワード再設定用のメールを送信します。',
  sendResetMail: 'パスワード再設定メールを送信',
} as const;

export const accountData = {
  title: 'アカウントのデータ',
  exportDescription:
    'プロフィール、所属する組織とプロジェクト、送信・受信した招待、自分が行った操作の監査ログ（新しい順に最大1,000件ずつ）をJSONファイルでダウンロードできます。',
  exportButton: 'データをダウンロード',
  exportFailed: 'データをダウンロードできませんでした',
  dangerZone: '危険な操作',
  deleteDescription:
    'アカウントを削除すると、すべての組織とプロジェクトから外れ、送信した招待と自分宛ての招待は取り消され、プロフィール画像は削除されます。監査ログの記録は「削除されたアカウント」として残ります。元に戻すことはできません。',
  deleteButton: 'アカウントを削除',
  lastAdminTitle: '次の組織の最後の管理者のため、アカウントを削除できません',
  lastAdminDescription: '先に各組織のメンバー設定で別のメンバーを管理者にしてください。',
  checkFailed: 'アカウントを削除できるか確認できませんでした',
  dialogTitle: 'アカウントを削除',
  dialogDescription: 'この操作は元に戻せません。確認のため、アカウントのメールアドレス {{email}} を入力してください。',
  confirmationLabel: 'メールアドレス',
  confirm: '削除する',
  deleted: 'アカウントを削除しました',
  deleteFailed: 'アカウントを削除できませんでした',
} as const;

addJapaneseTexts({ account, accountData });
