/**
 * Every user-visible string of the console, keyed. A second language adds a file with the same
 * shape (`Messages`) and is selected in ./index.ts.
 */
export const ja = {
  app: {
    title: 'コンソール',
    loading: '読み込み中...',
  },
  common: {
    cancel: 'キャンセル',
    ok: 'OK',
    save: '保存',
    close: '閉じる',
    delete: '削除',
    reload: '再読み込み',
    back: '戻る',
    noPermission: '権限がありません',
    notSet: '未設定',
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
  },
  projectLayout: {
    switcherLabel: '組織・プロジェクトを切り替え',
    settings: '設定',
    products: 'プロダクト',
    noProducts: 'プロダクトがありません',
    redirecting: 'プロダクトに移動しています...',
    chooseProduct: '利用するプロダクトを選択してください',
  },
  invitation: {
    title: '組織への招待',
    description: (organizationName: string) => `${organizationName}に招待されています。`,
    accept: '招待を承諾',
    invalid: '招待が無効です',
    toLogin: 'ログイン画面へ',
    accepted: '招待を承諾しました',
    acceptFailed: '招待の承諾ができませんでした',
  },
  account: {
    title: 'アカウント設定',
    backToProjects: 'プロジェクト一覧へ戻る',
    profileTab: 'プロフィール',
    authenticationTab: '認証',
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
  },
  placeholders: {
    organizationSettings: '組織設定',
    systemAdmin: 'システム管理',
    underConstruction: 'この画面は準備中です。',
  },
  notFound: {
    title: 'ページが見つかりません',
    toTop: 'トップへ戻る',
  },
} as const;

type Widen<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : { readonly [K in keyof T]: Widen<T[K]> };

/** The shape every language file has. */
export type Messages = Widen<typeof ja>;
