import { InitialSchema1763780000000 } from './1763780000000-initial-schema';
import { InvitationsAndEmailOutbox1763790000000 } from './1763790000000-invitations-and-email-outbox';

/** Every migration, oldest first; a new migration is appended here. */
export const MIGRATIONS = [InitialSchema1763780000000, InvitationsAndEmailOutbox1763790000000];
