import { ja, type Messages } from './ja';

/** The active language's messages (Japanese). Short alias used throughout the UI: `t.login.title`. */
export const t: Messages = ja;
