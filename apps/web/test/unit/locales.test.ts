import { ja } from '@/locales/ja';

function leaves(value: unknown, path: string[] = []): [string, unknown][] {
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [[path.join('.'), value]];
}

describe('Japanese messages', () => {
  it('has a non-empty text for every key', () => {
    for (const [key, value] of leaves(ja)) {
      const text = typeof value === 'function' ? (value as (...a: string[]) => string)('X') : value;
      expect([key, typeof text === 'string' && text.trim() !== '']).toEqual([key, true]);
    }
  });

  it("keeps the spec's texts verbatim", () => {
    expect(ja.app.loading).toBe('読み込み中...');
    expect(ja.login.failed).toBe('ログインできませんでした');
    expect(ja.signUp.succeeded).toBe('アカウントを登録しました');
    expect(ja.signUp.failed).toBe('アカウントが登録できませんでした');
    expect(ja.auth.invalidEmail).toBe('メールアドレスを正しく入力してください');
    expect(ja.auth.passwordHint).toBe('半角英数字・記号で8文字以上を入力してください');
    expect(ja.resetPassword.succeeded).toBe('パスワードを変更しました');
    expect(ja.forgotPassword.failed).toBe('パスワードの再設定メールを送信できませんでした');
    expect(ja.invitation.invalid).toBe('招待が無効です');
    expect(ja.invitation.accepted).toBe('招待を承諾しました');
    expect(ja.projectLayout.noProducts).toBe('プロダクトがありません');
    expect(ja.logout.succeeded).toBe('ログアウトしました');
  });
});
