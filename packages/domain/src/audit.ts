/**
 * Audit log (issue "Audit log: every change recorded"): the actions the API records, the kinds of
 * target they act on and the labels the web shows. One event per successful write.
 */

export const AUDIT_ACTIONS = [
  'account.create',
  'account.update',
  'account.updateEmail',
  'account.uploadProfileImage',
  'account.delete',
  'account.enrollSecondFactor',
  'account.removeSecondFactor',
  'organization.create',
  'organization.update',
  'organization.uploadProfileImage',
  'organization.delete',
  'organization.restore',
  'organization.purge',
  'organization.export',
  'organization.updateSecurity',
  'project.create',
  'project.update',
  'membership.assignOrganizationRole',
  'membership.assignProjectRole',
  'membership.removeFromOrganization',
  'membership.removeFromProject',
  'invitation.create',
  'invitation.accept',
  'invitation.cancel',
  'invitation.resend',
  'karteMapping.upsertOrganization',
  'karteMapping.upsertProject',
  'systemAdmin.grant',
  'systemAdmin.revoke',
  'session.login',
  'session.logout',
  'session.revoke',
  'session.revokeOthers',
  'email.requeue',
  'domain.add',
  'domain.check',
  'domain.verifyManually',
  'domain.recheck',
  'domain.remove',
  'serviceCredential.create',
  'serviceCredential.rotate',
  'serviceCredential.revokeSecret',
  'serviceCredential.revoke',
  'domain.setJoinPolicy',
  'organization.autoJoin',
  'joinRequest.create',
  'joinRequest.approve',
  'joinRequest.decline',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_TARGET_TYPES = [
  'account',
  'organization',
  'project',
  'membership',
  'invitation',
  'karteMapping',
  'session',
  'email',
  'domain',
  'serviceCredential',
  'joinRequest',
] as const;

export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** The label the web shows for each action. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = /* @__PURE__ */ Object.freeze({
  'account.create': 'アカウント作成',
  'account.update': 'プロフィール更新',
  'account.updateEmail': 'メールアドレス変更',
  'account.uploadProfileImage': 'プロフィール画像更新',
  'account.delete': 'アカウント削除',
  'account.enrollSecondFactor': '二要素認証を登録',
  'account.removeSecondFactor': '二要素認証を削除',
  'organization.create': '組織作成',
  'organization.update': '組織更新',
  'organization.uploadProfileImage': '組織画像更新',
  'organization.delete': '組織削除',
  'organization.restore': '組織復元',
  'organization.purge': '組織の完全削除',
  'organization.export': '組織データのエクスポート',
  'organization.updateSecurity': '組織のセキュリティ設定更新',
  'project.create': 'プロジェクト作成',
  'project.update': 'プロジェクト更新',
  'membership.assignOrganizationRole': '組織ロール変更',
  'membership.assignProjectRole': 'プロジェクトロール変更',
  'membership.removeFromOrganization': '組織から削除',
  'membership.removeFromProject': 'プロジェクトから削除',
  'invitation.create': '招待作成',
  'invitation.accept': '招待承諾',
  'invitation.cancel': '招待取消',
  'invitation.resend': '招待メール再送信',
  'karteMapping.upsertOrganization': '組織のKARTE設定更新',
  'karteMapping.upsertProject': 'プロジェクトのKARTE設定更新',
  'systemAdmin.grant': 'システム管理者に追加',
  'systemAdmin.revoke': 'システム管理者から削除',
  'session.login': 'ログイン',
  'session.logout': 'ログアウト',
  'session.revoke': 'セッション取消',
  'session.revokeOthers': '他のセッションをすべて取消',
  'email.requeue': 'メール再送信',
  'domain.add': 'ドメイン追加',
  'domain.check': 'ドメイン確認',
  'domain.verifyManually': 'ドメインを手動で確認済みに変更',
  'domain.recheck': 'ドメインの定期確認',
  'domain.remove': 'ドメイン削除',
  'serviceCredential.create': 'サービス認証情報作成',
  'serviceCredential.rotate': 'サービス認証情報のシークレット再発行',
  'serviceCredential.revokeSecret': 'サービス認証情報のシークレット取消',
  'serviceCredential.revoke': 'サービス認証情報取消',
  'domain.setJoinPolicy': 'ドメインの参加設定変更',
  'organization.autoJoin': 'ドメインによる自動参加',
  'joinRequest.create': '参加リクエスト送信',
  'joinRequest.approve': '参加リクエスト承認',
  'joinRequest.decline': '参加リクエスト却下',
});

export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (AUDIT_ACTIONS as readonly string[]).includes(value);
}

export function isAuditTargetType(value: unknown): value is AuditTargetType {
  return typeof value === 'string' && (AUDIT_TARGET_TYPES as readonly string[]).includes(value);
}
