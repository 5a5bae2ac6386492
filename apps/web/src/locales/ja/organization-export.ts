/** The texts of exporting an organization's data (organization settings and the system-admin area). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const organizationExport = {
  title: '組織データのエクスポート',
  description:
    'メンバーとロール、プロジェクトとプラン、招待、監査ログ、組織の情報を、CSVとJSONファイルをまとめた1つのZIPファイルでダウンロードします。CSVはUTF-8（BOM付き）です。',
  start: 'エクスポート',
  startFor: '{{organizationName}}のデータをエクスポート',
  preparing: 'エクスポートを準備しています…',
  progress: '{{megabytes, number}} MB を受信しました（全{{rows, number}}行）',
  done: '{{megabytes, number}} MB のZIPファイルをダウンロードしました（{{rows, number}}行）',
  cancel: 'キャンセル',
  cancelled: 'エクスポートをキャンセルしました',
  failed: '組織データをエクスポートできませんでした',
  retry: '再試行',
} as const;

addJapaneseTexts({ organizationExport });
