import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import hardCodedText from '../../hard-coded-text.lint.json';

/** The rule the web's ESLint config applies to apps/web/src (eslint.config.mjs), on one component's source. */
function hardCodedTexts(source: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    source,
    [
      {
        files: ['**/*.tsx'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
        rules: { 'no-restricted-syntax': ['error', ...hardCodedText] },
      },
    ],
    'component.tsx',
  );
  expect(messages.filter((m) => m.fatal)).toEqual([]);
  return messages.map((m) => source.split('\n')[m.line - 1]?.slice(m.column - 1, m.endColumn === undefined ? undefined : m.endColumn - 1) ?? '');
}

describe('hard-coded user-visible texts (lint)', () => {
  it('fails on text written in JSX, in Japanese or English', () => {
    expect(hardCodedTexts('export const A = () => <p>保存しました</p>;')).toEqual(['保存しました']);
    expect(hardCodedTexts('export const A = () => <button>Save</button>;')).toEqual(['Save']);
  });

  it('fails on a literal in a prop that shows text', () => {
    expect(hardCodedTexts('export const A = () => <input placeholder="名前を入力" aria-label={"Name"} title={`Hi ${1}`} />;')).toEqual([
      '"名前を入力"',
      '"Name"',
      '`Hi ${',
    ]);
    expect(hardCodedTexts("export const columns = [{ label: 'メンバー' }];")).toEqual(["'メンバー'"]);
  });

  it('fails on the literal text of a toast', () => {
    expect(hardCodedTexts("toast.success('プロジェクトを保存しました');")).toEqual(["'プロジェクトを保存しました'"]);
  });

  it('accepts texts from the catalogue and literals that are no text', () => {
    const source = [
      'export const A = ({ t }: { t: (key: string) => string }) => (',
      '  <div className="row" data-testid="member-row" aria-hidden>',
      '    <img alt="" src="/a.png" />',
      "    <p title={t('common.save')}>{t('common.save')} · 42 / {'\\u00a0'}</p>",
      '  </div>',
      ');',
      "toast.success(t('common.save'));",
    ].join('\n');
    expect(hardCodedTexts(source)).toEqual([]);
  });
});
