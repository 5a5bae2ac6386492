import { ERROR_MESSAGES } from '@console/domain';
import type { account, accountData } from './ja/account';
import type { auditLog } from './ja/audit-log';
import type { domains } from './ja/domains';
import type { memberCsv } from './ja/member-csv';
import type { systemAdmin } from './ja/system-admin';
import type { organizationDeletion } from './ja/organization-deletion';
import type { organizationExport } from './ja/organization-export';
import type { serviceCredentials } from './ja/service-credentials';
import type { webhooks } from './ja/webhooks';
import type { joinRequests } from './ja/join-requests';
import type { domainJoin } from './ja/domain-join';
import type { sso } from './ja/sso';

/**
 * The user-visible strings of the console in Japanese (the default language) that the first page
 * may need, keyed for lib/i18n.ts (the texts of screens loaded on demand are in ./ja/, below):
 * `{{name}}` interpolates, `_other` marks a plural (`t('memberTable.count', { count })`).
 * Every other language has a file of the same shape (`Messages`).
 */
export const ja = {
  // The message of every error code of the API (the domain's catalogue).
  errors: ERROR_MESSAGES,
  app: {
    title: 'コンソール',
    loading: '読み込み中...',
  },
  common: {
    openMenu: 'メニューを開く',
    cancel: 'キャンセル',
    ok: 'OK',
    save: '保存',
    close: '閉じる',
    delete: '削除',
    reload: '再読み込み',
    back: '戻る',
    noPermission: '権限がありません',
    notSet: '未設定',
    // A write whose answer did not come in time: it may or may not have taken effect.
    resultUnknown: 'サーバーから応答がありませんでした',
    resultUnknownDescription: '処理が完了したかどうかを確認できませんでした。もう一度実行すると、完了済みの場合はその結果が表示されます。',
  },
  list: {
    loadingMore: 'さらに読み込み中...',
    loadFailed: '読み込めませんでした',
    retry: '再読み込み',
  },
  errorScreen: {
    title: '予期しないエラーが発生しました',
    description: '問題が解決しない場合は、サーバー管理者にお問い合わせください。',
    reload: '再読み込み',
  },
  auth: {
    email: 'メールアドレス',
    emailPlaceholder: 'example@example.com',
    password: 'パスワード',
    passwordHint: '半角英数字・記号で8文字以上を入力してください',
    invalidEmail: 'メールアドレスを正しく入力してください',
    or: 'または',
  },
  login: {
    title: 'ログイン',
    google: 'Googleでログイン',
    submit: 'ログイン',
    forgotPassword: 'パスワードをお忘れの方',
    noAccount: 'アカウントをお持ちでない方',
    toSignUp: '新規登録',
    failed: 'ログインできませんでした',
    sso: 'SSOでログイン',
    ssoUnavailable: 'このメールアドレスではSSOを利用できません',
  },
  signUp: {
    title: 'アカウント登録',
    google: 'Googleで登録',
    submit: '登録する',
    haveAccount: 'すでにアカウントをお持ちの方',
    toLogin: 'ログイン',
    succeeded: 'アカウントを登録しました',
    failed: 'アカウントが登録できませんでした',
  },
  forgotPassword: {
    title: 'パスワードの再設定',
    description: '登録済みのメールアドレスを入力してください。パスワード再設定用のメールをお送りします。',
    submit: '再設定メールを送信',
    sentNotice: 'メールに記載されたリンクからパスワードを再設定してください。',
    toLogin: 'ログイン画面に戻る',
    succeeded: 'パスワードの再設定メールを送信しました',
    failed: 'パスワードの再設定メールを送信できませんでした',
  },
  resetPassword: {
    title: '新しいパスワードの設定',
    newPassword: '新しいパスワード',
    confirmation: '新しいパスワード（確認）',
    mismatch: 'パスワードが一致しません',
    submit: 'パスワードを変更',
    succeeded: 'パスワードを変更しました',
    failed: 'パスワードの変更ができませんでした',
  },
  logout: {
    succeeded: 'ログアウトしました',
  },
  systemAdminBanner: {
    message: 'システム管理者権限でログインしています',
    link: 'システム管理画面へ',
  },
  accountMenu: {
    label: 'アカウントメニュー',
    labelWithName: '{{name}}のアカウントメニュー',
    accountSettings: 'アカウント設定',
    logout: 'ログアウト',
  },
  projects: {
    title: 'プロジェクトを選択',
    searchPlaceholder: '組織名・プロジェクト名で検索',
    searchLabel: '検索',
    emptyTitle: 'まだプロジェクトがありません',
    emptyDescription: 'ご利用を開始するには、営業担当までお問い合わせください。',
    noMatch: '該当するプロジェクトがありません',
    listLabel: 'プロジェクト一覧',
  },
  projectLayout: {
    navLabel: 'プロジェクトメニュー',
    switcherLabel: '{{organization}} {{project}}（組織・プロジェクトを切り替え）',
    switcherSearchLabel: '組織・プロジェクトを検索',
    switcherListLabel: '組織とプロジェクト',
    settings: '設定',
    products: 'プロダクト',
    noProducts: 'プロダクトがありません',
    redirecting: 'プロダクトに移動しています...',
    chooseProduct: '利用するプロダクトを選択してください',
  },
  invitation: {
    title: '組織への招待',
    description: '{{organizationName}}に招待されています。',
    accept: '招待を承諾',
    invalid: '招待が無効です',
    toLogin: 'ログイン画面へ',
    accepted: '招待を承諾しました',
    acceptFailed: '招待の承諾ができませんでした',
  },
  // Two-factor authentication: account settings and the sign-in's second step.
  mfa: {
    title: '二要素認証',
    description: 'ログイン時に、パスワードに加えてSMSで届く確認コードを入力します',
    phone: '電話番号',
    sendCode: '確認コードを送信',
    code: '確認コード',
    codeSent: '{{phone}}に送信した確認コードを入力してください',
    resend: 'コードを再送信',
    enroll: '登録',
    enrolled: '二要素認証を登録しました',
    removeLabel: '{{phone}}を削除',
    removed: '二要素認証を削除しました',
    none: '登録されていません',
    invalidPhone: '電話番号を正しく入力してください（例: 090-1234-5678）',
    wrongCode: '確認コードが正しくありません',
    failed: '二要素認証を設定できませんでした',
    unverifiedEmail: 'メールアドレスの確認が済んでいないため登録できません',
    reauth: '本人確認のため、もう一度ログインしてください',
    signInAgain: '二要素認証でログインし直す',
    back: '元の画面に戻る',
  },
  placeholders: {
    organizationSettings: '組織設定',
    systemAdmin: 'システム管理',
    underConstruction: 'この画面は準備中です。',
  },
  // Organization settings, project settings, invite dialog and the system-admin area.
  organizationSettings: {
    title: '組織設定',
    back: '戻る',
    navLabel: '組織設定メニュー',
    general: '基本情報',
    members: 'メンバー',
    roles: 'ロール',
    karteMapping: 'KARTE連携',
    auditLog: '監査ログ',
    domains: 'ドメイン',
    security: 'セキュリティ',
    sso: 'SSO',
    joinRequests: '参加リクエスト',
    mfaRequired: '二要素認証を必須にする',
    mfaRequiredDescription: 'オンにすると、二要素認証でログインしたメンバーだけがこの組織とプロジェクトを利用できます',
    projects: 'プロジェクト',
    noProjects: 'プロジェクトがありません',
    notFound: '組織が見つかりません',
    image: '組織の画像',
    uploadImage: '画像をアップロード',
    deleteImage: '画像を削除',
    imageHint: 'PNG・JPEG・WebP・AVIF形式の画像を選択してください',
    imageUploadFailed: '画像のアップロードができませんでした',
    name: '組織名',
    namePlaceholder: '組織名を入力',
    updated: '更新しました',
    updateFailed: '更新ができませんでした',
    karteOrganizationId: 'KARTE組織ID',
    karteOrganizationIdDescription: '24文字の英数字',
    karteIdInvalid: '24文字の英数字で入力してください',
    karteSaved: 'KARTE組織IDを保存しました',
    karteSaveFailed: 'KARTE組織IDの保存ができませんでした',
  },
  memberTable: {
    count_other: '{{count, number}}人のメンバー',
    name: '名前',
    email: 'メールアドレス',
    status: 'ステータス',
    role: 'ロール',
    actions: '操作',
    notSet: '未設定',
    you: '（あなた）',
    active: 'アクティブ',
    pending: '招待中',
    expired: '期限切れ',
    empty: 'メンバーがいません',
    countAtLeast_other: '{{count, number}}人以上のメンバー',
    searchLabel: 'メンバーを検索',
    searchPlaceholder: '名前・メールアドレスで検索',
    noMatch: '該当するメンバー・招待がありません',
    listLabel: 'メンバーと招待',
    menuLabel: '{{name}}の操作',
    roleLabel: '{{name}}のロール',
    removeMember: 'メンバーを削除',
    removeMessage: '{{name}}をメンバーから削除しますか？',
    remove: '削除する',
    removed: 'メンバーを削除しました',
    removeFailed: 'メンバーの削除に失敗しました',
    cancelInvitation: '招待をキャンセル',
    cancelInvitationMessage: '{{email}}への招待をキャンセルしますか？',
    cancelInvitationConfirm: '招待をキャンセルする',
    invitationCancelled: '招待をキャンセルしました',
    invitationCancelFailed: '招待のキャンセルができませんでした',
    copyInvitationUrl: '招待URLをコピー',
    invitationUrlCopied: '招待URLをコピーしました',
    invitationUrlCopyFailed: '招待URLのコピーができませんでした',
    deliveryFailed: '送信失敗',
    resendInvitation: '再送信',
    invitationResent: '招待メールを再送信しました',
    invitationResendFailed: '招待メールの再送信ができませんでした',
    roleChangeTitle: 'ロールの変更',
    roleChangeMessage: '{{name}}のロールを「{{role}}」に変更しますか？',
    roleChangeConfirm: '変更する',
    roleChanged: 'ロールを変更しました',
    roleChangeFailed: 'ロールの変更ができませんでした',
  },
  roleTable: {
    name: 'ロール名',
    description: '説明',
    empty: 'ロールがありません',
  },
  projectSettings: {
    title: 'プロジェクト設定',
    notFound: 'プロジェクトが見つかりません',
    tabs: {
      general: '基本情報',
      members: 'メンバー',
      roles: 'ロール',
      productUsageSettings: 'プロダクト利用設定',
      karteMapping: 'KARTE連携',
    },
    name: 'プロジェクト名',
    namePlaceholder: 'プロジェクト名を入力',
    saved: 'プロジェクトを保存しました',
    saveFailed: 'プロジェクトの保存ができませんでした',
    invite: 'メンバーを招待',
    product: 'プロダクト',
    plan: 'プラン',
    noProducts: 'プロダクトがありません',
    planLabel: '{{product}}のプラン',
    planChangeTitle: 'プランの変更',
    planChangeMessage: '{{product}}のプランを「{{plan}}」に変更しますか？',
    planChangeConfirm: '変更する',
    planChanged: 'プロダクト設定を変更しました',
    planChangeFailed: 'プロダクト設定の変更ができませんでした',
    karteProjectId: 'KARTEプロジェクトID',
    karteProjectIdDescription: '24文字の英数字',
    karteSaved: 'KARTEプロジェクトIDを保存しました',
    karteSaveFailed: 'KARTEプロジェクトIDの保存ができませんでした',
  },
  invite: {
    title: '{{projectName}}にメンバーを招待',
    emails: 'ユーザー名またはメールアドレス',
    emailsPlaceholder: '名前またはメールアドレスを入力',
    invalidEmail: 'メールアドレスを正しく入力してください',
    removeEmail: '{{email}}を削除',
    organizationRole: '組織のロール',
    projectRole: 'プロジェクトのロール',
    submit: '招待する',
    succeeded: 'メンバーを招待しました',
    partiallyFailed: '一部のメンバーの招待ができませんでした',
    failed: 'メンバーの招待ができませんでした',
    allFailed: '全てのメールアドレスについて招待ができませんでした',
    failedEmails: '招待できなかったメールアドレス: {{emails}}',
  },
  language: {
    label: '言語',
    ja: '日本語',
    en: 'English',
  },
  notFound: {
    title: 'ページが見つかりません',
    toTop: 'トップへ戻る',
  },
} as const;

/**
 * The Japanese texts of screens loaded on demand, each in a module of ./ja/ that the screens using
 * them import (test/unit/locales.test.ts checks it): loading it adds them to the catalogue, so they
 * are downloaded with those screens rather than with the first page.
 */
interface JapaneseTextsOnDemand {
  account: typeof account;
  accountData: typeof accountData;
  auditLog: typeof auditLog;
  domainJoin: typeof domainJoin;
  domains: typeof domains;
  joinRequests: typeof joinRequests;
  memberCsv: typeof memberCsv;
  organizationDeletion: typeof organizationDeletion;
  organizationExport: typeof organizationExport;
  serviceCredentials: typeof serviceCredentials;
  sso: typeof sso;
  systemAdmin: typeof systemAdmin;
  webhooks: typeof webhooks;
}

/** Every Japanese text of the console, those loaded on demand included. */
export type JapaneseTexts = typeof ja & JapaneseTextsOnDemand;

/**
 * The shape of every catalogue: the keys of `ja` with texts of their own, plus the `_one` form of
 * every plural (`_other`) key, which Japanese does not need.
 */
type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> } & {
  readonly [K in keyof T as K extends `${infer Base}_other` ? `${Base}_one` : never]: string;
};

/** The shape every language file has. */
export type Messages = Catalogue<JapaneseTexts>;
