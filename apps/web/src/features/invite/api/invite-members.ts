import { inviteOutcome, isInviteEntryFailed, type InviteOutcome } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationKeys } from '@/features/organizations/api/get-organizations-of-account';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { t } from '@/locales';
import { invitationKeys } from './get-invitations';

export type InviteResultEntry = ApiPaths['/organization/inviteMembers']['post']['responses'][200]['content']['application/json'][number];

export interface InviteMembersInput {
  organizationId: string;
  emails: string[];
  props: { roleId: string; projects: { projectId: string; roleId: string }[] };
}

export interface InviteMembersResult {
  outcome: Exclude<InviteOutcome, 'failure'>;
  failedEmails: string[];
}

/** Thrown when no address at all could be invited (spec §8). */
export class AllInvitationsFailedError extends Error {
  constructor() {
    super(t.invite.allFailed);
    this.name = 'AllInvitationsFailedError';
  }
}

/**
 * POST /organization/inviteMembers. Full success or partial failure resolve (with the addresses
 * that failed); when every address failed it throws {@link AllInvitationsFailedError}.
 */
export async function inviteMembers(input: InviteMembersInput): Promise<InviteMembersResult> {
  const entries: InviteResultEntry[] = await unwrapRequired(apiClient.POST('/organization/inviteMembers', { body: input }));
  const outcome = inviteOutcome(entries);
  if (outcome === 'failure') throw new AllInvitationsFailedError();
  return { outcome, failedEmails: entries.filter(isInviteEntryFailed).map((entry) => entry.email) };
}

export function useInviteMembers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteMembers,
    onSettled: async (_result, _error, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invitationKeys.all }),
        client.invalidateQueries({ queryKey: organizationKeys.detail(input.organizationId) }),
        client.invalidateQueries({ queryKey: projectKeys.all }),
      ]);
    },
  });
}
