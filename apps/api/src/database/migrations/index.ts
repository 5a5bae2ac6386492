import { InitialSchema1763780000000 } from './1763780000000-initial-schema';

/** Every migration, oldest first; a new migration is appended here. */
export const MIGRATIONS = [InitialSchema1763780000000];
