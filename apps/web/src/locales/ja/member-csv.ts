/** The texts of the member CSV export and import (organization settings). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const memberCsv = {
  export: 'CSVエクスポート',
  exportMenuLabel: '文字コードを選んでエクスポート',
  exportUtf8: 'UTF-8（BOM付き）',
  exportShiftJis: 'Shift_JIS（Excel向け）',
  exportShiftJisHint: 'Shift_JISで表せない文字は「?」になります',
  exportFailed: 'CSVのダウンロードができませんでした',
  import: 'CSVインポート',
  importTitle: 'CSVからメンバーを招待',
  importDescription:
    '1行目は見出し行（メールアドレス,組織ロール,プロジェクトロール）です。ロールは表示名かキー（admin・member）で、プロジェクトロールは「プロジェクト名:ロール」を「;」で区切って指定します。最大10,000行・4MBまで。',
  template: 'テンプレートをダウンロード',
  file: 'CSVファイル',
  filePlaceholder: 'ファイルを選択',
  fileHint: 'UTF-8（BOMの有無を問わず）またはShift_JIS',
  preview: '内容を確認',
  previewFailed: 'CSVファイルを確認できませんでした',
  encoding: '文字コード: {{encoding}}',
  summary: '{{total, number}}行中、招待できる行: {{valid, number}}行',
  resultSummary: '{{invited, number}}行を招待しました。招待できなかった行: {{failed, number}}行',
  tableLabel: 'CSVの内容',
  line: '行',
  email: 'メールアドレス',
  organizationRole: '組織ロール',
  projectRoles: 'プロジェクトロール',
  result: '結果',
  valid: '招待できます',
  invited: '招待しました',
  submit_other: '{{count, number}}行を招待する',
  importFailed: 'CSVからの招待ができませんでした',
  close: '完了',
  clearFile: 'ファイルの選択を解除',
  chooseAgain: '別のファイルを選ぶ',
  empty: 'ファイルを選択して「内容を確認」を押してください',
} as const;

addJapaneseTexts({ memberCsv });
