import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast, toastWriteFailure } from '@/components/toasts';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { refreshEmailVerification, sendVerificationEmail, useJoinOptions, useRequestJoin, type JoinOptions } from '../api/join-by-domain';
import { accountKeys } from '../keys';

/**
 * After signing in (docs/product-rules.md#auto-join): asks once whether the account's verified
 * address joins an organization automatically; when it did, says so, reads the memberships again
 * and opens the first project it joined.
 */
export function DomainJoinWatcher() {
  const { t } = useTranslation();
  const options = useJoinOptions();
  const client = useQueryClient();
  const navigate = useNavigate();
  const joined = options.data?.joined;

  useEffect(() => {
    const [first] = joined ?? [];
    if (!first) return;
    toast.success(t('domainJoin.joined', { organization: first.organizationName }));
    void client.invalidateQueries({ queryKey: accountKeys.all }).then(() => {
      const [projectId] = first.projectIds;
      if (projectId) void navigate(paths.projects.detail.getHref(projectId));
    });
  }, [joined, client, navigate, t]);

  return null;
}

/** What the project chooser offers the account's address: verifying it first, asking to join, the pending request. */
export function DomainJoinPanel() {
  const options = useJoinOptions();
  if (!options.data || options.data.available.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="domain-join">
      {options.data.available.map((organization) => (
        <JoinOffer key={organization.organizationId} organization={organization} requests={options.data.requests} />
      ))}
    </Stack>
  );
}

function JoinOffer({ organization, requests }: { organization: JoinOptions['available'][number]; requests: JoinOptions['requests'] }) {
  const { t } = useTranslation();
  const options = useJoinOptions();
  const request = useRequestJoin();
  const [sending, setSending] = useState(false);
  const [checking, setChecking] = useState(false);
  const pending = requests.find((r) => r.organizationId === organization.organizationId && r.status === 'pending');
  const name = organization.organizationName;

  if (organization.needsEmailVerification) {
    const onSend = async () => {
      setSending(true);
      try {
        await sendVerificationEmail();
        toast.success(t('domainJoin.verificationSent'));
      } catch (error) {
        toastWriteFailure(t('domainJoin.verificationSendFailed'), error);
      } finally {
        setSending(false);
      }
    };
    const onVerified = async () => {
      setChecking(true);
      try {
        await refreshEmailVerification();
        // With the fresh ID token the API sees the verified address (and joins, or offers the request).
        const fresh = await options.refetch();
        if (fresh.data?.available.some((a) => a.organizationId === organization.organizationId && a.needsEmailVerification)) {
          toast.warning(t('domainJoin.notVerifiedYet'));
        }
      } finally {
        setChecking(false);
      }
    };
    return (
      <Alert color="blue" variant="light" title={t('domainJoin.verifyTitle', { organization: name })} data-testid="domain-join-verify">
        <Stack gap="xs">
          <Text size="sm">{t('domainJoin.verifyDescription', { domain: organization.domain })}</Text>
          <Group gap="xs">
            <Button size="xs" onClick={() => void onSend()} loading={sending}>
              {t('domainJoin.sendVerification')}
            </Button>
            <Button size="xs" variant="default" onClick={() => void onVerified()} loading={checking}>
              {t('domainJoin.verified')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (organization.mode !== 'request') return null;
  return (
    <Alert color="blue" variant="light" title={t('domainJoin.requestTitle', { organization: name })} data-testid="domain-join-request">
      {pending ? (
        <Text size="sm" data-testid="domain-join-pending">
          {t('domainJoin.pending', { date: new Date(pending.createdAt).toLocaleDateString() })}
        </Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">{t('domainJoin.requestDescription', { domain: organization.domain })}</Text>
          <Group>
            <Button
              size="xs"
              loading={request.isPending}
              onClick={() =>
                request.mutate(organization.organizationId, {
                  onSuccess: () => toast.success(t('domainJoin.requested')),
                  onError: (error) => toastWriteFailure(t('domainJoin.requestFailed'), error),
                })
              }
            >
              {t('domainJoin.request', { organization: name })}
            </Button>
          </Group>
        </Stack>
      )}
    </Alert>
  );
}
