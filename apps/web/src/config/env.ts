import { readEnv, type WebEnv } from './read-env';

export type { WebEnv } from './read-env';

export const env: WebEnv = readEnv(import.meta.env);
