import { inviteOutcome, isInviteEntryFailed, type InviteOutcome } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { idempotencyParams, useIdempotencyKeys } from '@/lib/idempotency-key';
import { invitationKeys } from '../keys';

type InviteResultEntry = ApiPaths['/organization/inviteMembers']['post']['responses'][200]['content']['application/json'][number];

interface InviteMembersInput {
  organizationId: string;
  emails: string[];
  props: { roleId: string; projects: { projectId: string; roleId: string }[] };
}

interface InviteMembersResult {
  outcome: Exclude<InviteOutcome, 'failure'>;
  failedEmails: string[];
}

/** Thrown when no address at all could be invited (docs/product-rules.md#messages). */
export class AllInvitationsFailedError extends Error {
  constructor() {
    super(i18n.t('invite.allFailed'));
    this.name = 'AllInvitationsFailedError';
  }
}

/**
 * POST /organization/inviteMembers, under an idempotency key. Full success or partial failure
 * resolve (with the addresses that failed); when every address failed it throws
 * {@link AllInvitationsFailedError}.
 */
async function inviteMembers(input: InviteMembersInput, idempotencyKey: string): Promise<InviteMembersResult> {
  const entries: InviteResultEntry[] = await unwrapRequired(
    apiClient.POST('/organization/inviteMembers', { body: input, params: idempotencyParams(idempotencyKey) }),
  );
  const outcome = inviteOutcome(entries);
  if (outcome === 'failure') throw new AllInvitationsFailedError();
  return { outcome, failedEmails: entries.filter(isInviteEntryFailed).map((entry) => entry.email) };
}

/**
 * Invites; the invitation lists and the member lists of the organization (and of its projects: an
 * address that is already a member joins the projects directly) are fetched again, after a
 * failure too (some addresses may have been invited). Inviting the same addresses again after a
 * timeout sends no second invitation.
 */
export function useInviteMembers() {
  const client = useQueryClient();
  const keys = useIdempotencyKeys();
  return useMutation({
    mutationFn: (input: InviteMembersInput) => inviteMembers(input, keys.keyFor(input)),
    onSettled: async (_result, error, input) => {
      keys.settled(error);
      await Promise.all([
        client.invalidateQueries({ queryKey: invitationKeys.lists() }),
        client.invalidateQueries({ queryKey: organizationKeys.members(input.organizationId) }),
      ]);
    },
  });
}
