/**
 * The numbers and paths that the rules, the API and the web share, each written once here.
 * See docs/product-rules.md for what they mean to people.
 */

/** Where the console's web app is served (react-router's basename, the invitation link's path). */
export const APP_BASE_PATH = '/auth';
/** Where the web reaches the API on its own origin (the dev server and nginx proxy it). */
export const API_BASE_PATH = '/api';

/** Longest name (account, organization, project, role) in code points. */
export const NAME_MAX_LENGTH = 100;
/** Largest profile image upload. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Most addresses one invitation call takes. */
export const MAX_EMAILS_PER_INVITE = 100;

/** Rows per page that the web asks for, and the audit log's default. */
export const LIST_PAGE_SIZE = 50;
/** Most rows of one page (`limit`). */
export const MAX_PAGE_SIZE = 100;
/** Most rows a listing answers when called without `limit` (the bare array older clients read). */
export const UNPAGED_LIST_CAP = 1000;
/** Longest search text (`query`) of a listing. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
