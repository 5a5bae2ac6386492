/** The texts of deleting an organization (organization settings) and of restoring it (the system-admin area). Loaded with the screens that show them, which import this module. */
import { addJapaneseTexts } from '../loaded';

export const organizationDeletion = {
  title: '組織の削除',
  description:
    '組織を削除すると、メンバー全員がすぐにこの組織とそのプロジェクトを利用できなくなり、招待も無効になります。30日以内であればシステム管理者が復元できます。その後、プロジェクト・メンバー・招待・ロール・画像・KARTE連携・プランの設定は完全に削除されます。',
  button: '組織を削除',
  dialogDescription: '確認のため、組織名 {{name}} を入力してください。',
  confirmationLabel: '組織名',
  confirm: '削除する',
  deleted: '組織を削除しました',
  deleteFailed: '組織を削除できませんでした',
  deletedTab: '削除された組織',
  deletedDescription: '削除から30日以内の組織は復元できます。期間を過ぎた組織は自動的に完全削除されます。',
  deletedAt: '削除日時',
  deletedBy: '削除した人',
  purgeAt: '完全削除の予定',
  unknownAccount: '削除されたアカウント',
  noDeleted: '削除された組織はありません',
  restore: '復元',
  restoreConfirm: '復元する',
  restoreMessage: '{{name}}を復元しますか？',
  restored: '組織を復元しました',
  restoreFailed: '組織を復元できませんでした',
  purging: '完全削除中',
} as const;

addJapaneseTexts({ organizationDeletion });
