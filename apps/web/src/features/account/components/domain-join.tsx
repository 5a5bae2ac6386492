import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast, toastWriteFailure } from '@/components/toasts';
import { paths } from '@/config/paths';
import { useTranslation } from '@/lib/i18n';
import { joinOptionsKey, refreshEmailVerification, sendVerificationEmail, useJoinOptions, useRequestJoin, type JoinOptions } from '../api/join-by-domain';
import { useCurrentAccount } from '../current-account';
import { accountKeys } from '../keys';
import '@/locales/ja/domain-join';

/**
 * After signing in (docs/product-rules.md#auto-join): asks whether the account's verified address
 * joins an organization automatically; when it did, says so, reads the memberships again and opens
 * the first project it joined (the project chooser without one). The join options' query.
 */
export function useAutoJoin() {
  const { t } = useTranslation();
  const options = useJoinOptions();
  const client = useQueryClient();
  const navigate = useNavigate();
  const data = options.data;
  const account = useCurrentAccount();

  useEffect(() => {
    const [first] = data?.joined ?? [];
    if (!data || !first) return;
    toast.success(t('domainJoin.joined', { organization: first.organizationName }));
    void client.invalidateQueries({ queryKey: accountKeys.all }).then(async () => {
      const [projectId] = first.projectIds;
      await navigate(projectId ? paths.projects.detail.getHref(projectId) : paths.projects.list.getHref(), { replace: true });
      // Told once: the join is not announced again when the query's answer is read from the cache.
      client.setQueryData(joinOptionsKey(account.id), { ...data, joined: [] });
    });
  }, [data, account.id, client, navigate, t]);

  return options;
}

/** What the project chooser offers the account's address: verifying it first, asking to join, the pending request. */
export function DomainJoinPanel() {
  const options = useAutoJoin();
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
          toast.warning(t('errors.JOIN_EMAIL_NOT_VERIFIED'));
        }
      } finally {
        setChecking(false);
      }
    };
    return (
      <Alert color="blue" variant="light" title={t('domainJoin.verifyTitle', { organization: name })} data-testid="domain-join-verify">
        <Stack gap="xs">
          <Text size="sm">{t('domainJoin.verifyDescription')}</Text>
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
    <Alert color="blue" variant="light" data-testid="domain-join-request">
      {pending ? (
        <Text size="sm" data-testid="domain-join-pending">
          {t('domainJoin.pending', { date: new Date(pending.createdAt).toLocaleDateString() })}
        </Text>
      ) : (
        <Group>
          <Button
            size="xs"
            loading={request.isPending}
            onClick={() =>
              request.mutate(organization.organizationId, {
                onError: (error) => toastWriteFailure(t('domainJoin.requestFailed'), error),
              })
            }
          >
            {t('domainJoin.request', { organization: name })}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
