import { ja, type Messages } from './ja';

export type { Messages } from './ja';

/** The active language's messages. Only Japanese exists today. */
export const messages: Messages = ja;
/** Short alias used throughout the UI: `t.login.title`. */
export const t = messages;
