/**
 * The member CSV of an organization (docs/product-rules.md#member-csv): the columns and their
 * headers, the project roles cell, the encodings and the limits of an import. The API writes and
 * reads the files; the web offers the template.
 */
import type { Locale } from './locales';

/** The encodings of an export: UTF-8 with a byte order mark (the default), or Shift_JIS (Windows-31J) as Japanese Excel writes it. */
export const MEMBER_CSV_ENCODINGS = ['utf-8', 'shift_jis'] as const;

export type MemberCsvEncoding = (typeof MEMBER_CSV_ENCODINGS)[number];

/** What an import detected its file to be written in. */
export const MEMBER_CSV_DETECTED_ENCODINGS = ['utf-8-bom', 'utf-8', 'shift_jis'] as const;

export type MemberCsvDetectedEncoding = (typeof MEMBER_CSV_DETECTED_ENCODINGS)[number];

/** Most data rows (after the header) an import takes. */
export const MEMBER_CSV_MAX_ROWS = 10_000;
/** Largest file an import takes. */
export const MEMBER_CSV_MAX_BYTES = 4 * 1024 * 1024;

/** The columns of the member CSV, in file order. An import reads email, organizationRole and projectRoles and ignores the others. */
export const MEMBER_CSV_COLUMNS = ['email', 'name', 'organizationRole', 'projectRoles', 'joinedAt'] as const;

export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];

/** The columns an import needs (projectRoles may be left out: no project). */
export const MEMBER_CSV_REQUIRED_COLUMNS: readonly MemberCsvColumn[] = ['email', 'organizationRole'];

/** The header of each column per locale; an import accepts the header of either locale, or the column key itself. */
export const MEMBER_CSV_HEADERS: Readonly<Record<Locale, Readonly<Record<MemberCsvColumn, string>>>> = /* @__PURE__ */ Object.freeze({
  ja: Object.freeze({ email: 'メールアドレス', name: '名前', organizationRole: '組織ロール', projectRoles: 'プロジェクトロール', joinedAt: '参加日' }),
  en: Object.freeze({ email: 'Email', name: 'Name', organizationRole: 'Organization role', projectRoles: 'Project roles', joinedAt: 'Joined' }),
});

/** The column a header cell names (trimmed, case-insensitive), or undefined. */
export function memberCsvColumnOf(header: string): MemberCsvColumn | undefined {
  const wanted = header.trim().toLowerCase();
  return MEMBER_CSV_COLUMNS.find(
    (column) => column.toLowerCase() === wanted || Object.values(MEMBER_CSV_HEADERS).some((headers) => headers[column].toLowerCase() === wanted),
  );
}

/** Separates the project entries of a project roles cell. */
export const PROJECT_ENTRY_SEPARATOR = ';';
/** Separates a project from its role in an entry. */
export const PROJECT_ROLE_SEPARATOR = ':';

/** One entry of a project roles cell: the project (name or id) and its role (name or key), both trimmed. */
export interface ProjectRoleEntry {
  project: string;
  role: string;
}

/** A project roles cell: `project:role; project:role` (an empty cell names no project). */
export function formatProjectRoles(entries: readonly ProjectRoleEntry[]): string {
  return entries.map((e) => `${e.project}${PROJECT_ROLE_SEPARATOR}${e.role}`).join(`${PROJECT_ENTRY_SEPARATOR} `);
}

/**
 * The entries of a project roles cell; an entry is split at its last colon (a project name may hold
 * one), an entry without a colon has an empty role. Empty entries are skipped.
 */
export function parseProjectRoles(cell: string): ProjectRoleEntry[] {
  return cell
    .split(PROJECT_ENTRY_SEPARATOR)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const at = entry.lastIndexOf(PROJECT_ROLE_SEPARATOR);
      return at < 0 ? { project: entry, role: '' } : { project: entry.slice(0, at).trim(), role: entry.slice(at + 1).trim() };
    });
}
