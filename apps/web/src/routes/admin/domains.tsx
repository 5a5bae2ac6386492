import { Button, Group, Paper, ScrollArea, Table, Text, TextInput } from '@mantine/core';
import { Actions } from '@console/domain';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { TableSkeleton } from '@/components/table-skeleton';
import { TruncatedText } from '@/components/truncated-text';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { usePermissions } from '@/features/account';
import { DomainStateBadge } from '@/features/organizations';
import { ALL_DOMAINS_CAP, useAllDomains, useVerifyDomainByHand, type AdminDomain } from '@/features/system-admin';
import '@/locales/ja/audit-log';
import '@/locales/ja/domains';
import '@/locales/ja/system-admin';

/** The table's narrowest width (scrolled sideways on a phone). */
const DOMAIN_TABLE_MIN_WIDTH = 880;

/** Whether the domain's organization or name (either form) contains the search text. */
function matches(domain: AdminDomain, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return needle === '' || [domain.organizationName, domain.displayDomain, domain.domain].some((field) => field.toLowerCase().includes(needle));
}

/**
 * /system-admin/domains (docs/product-rules.md#verified-domains): every organization's domains with
 * their state, last check and last failure, searched by organization or domain in the page, and
 * 手動で確認済みにする after a confirmation for one not verified yet. The API answers the first
 * 1,000 domains without paging; a note says so when the list is that long.
 */
export function Component() {
  const { t, language } = useTranslation();
  usePageTitle(`${t('systemAdmin.domains')} - ${t('systemAdmin.title')}`);
  const can = usePermissions();
  const allowed = can(Actions.DomainVerifyManually);
  const domains = useAllDomains();
  const verify = useVerifyDomainByHand();
  const [search, setSearch] = useState('');
  const verification = useConfirmedAction((domain: AdminDomain) => verify.mutateAsync(domain), {
    success: t('systemAdmin.domainVerified'),
    failure: t('systemAdmin.domainVerifyFailed'),
  });

  if (domains.isError) throw domains.error;
  const shown = domains.data?.filter((domain) => matches(domain, search)) ?? [];
  const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language) : t('domains.notChecked'));

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <TextInput
          type="search"
          label={t('systemAdmin.searchLabel')}
          placeholder={t('systemAdmin.domainSearchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          flex="1 1 240px"
          maw={360}
        />
      </Group>
      {domains.data?.length === ALL_DOMAINS_CAP && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="domains-capped">
          {t('systemAdmin.domainsCapped', { limit: ALL_DOMAINS_CAP })}
        </Text>
      )}
      {domains.isPending ? (
        <TableSkeleton rows={3} columns={6} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <DataTable
            aria-label={t('systemAdmin.domains')}
            miw={DOMAIN_TABLE_MIN_WIDTH}
            verticalSpacing="sm"
            data-testid="domains-table"
            columns={[
              { label: t('auditLog.organization') },
              { label: t('domains.domain') },
              { label: t('domains.state'), w: 110 },
              { label: t('domains.lastChecked') },
              { label: t('systemAdmin.domainLastError'), w: 200 },
              { label: t('domains.joinPolicy') },
              { label: t('systemAdmin.actions'), labelHidden: true },
            ]}
            rows={shown}
            empty={domains.data.length === 0 ? t('domains.empty') : t('systemAdmin.noDomainMatch')}
            renderRow={(domain) => (
              <Table.Tr key={domain.id} data-testid="domain-row" data-domain={domain.domain}>
                <Table.Td maw={180}>
                  <TruncatedText>{domain.organizationName}</TruncatedText>
                </Table.Td>
                <Table.Td maw={220}>
                  <TruncatedText>{domain.displayDomain}</TruncatedText>
                  {domain.displayDomain !== domain.domain && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                      {domain.domain}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <DomainStateBadge state={domain.state} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTime(domain.lastCheckedAt)}</Table.Td>
                <Table.Td miw={180}>
                  <Text size="sm" c={domain.lastError ? undefined : 'dimmed'}>
                    {domain.lastError ? t(`domains.failures.${domain.lastError}`) : '—'}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="domain-join-policy">
                  <Text size="sm" c={domain.joinPolicy.mode === 'off' ? 'dimmed' : undefined}>
                    {t(`domains.joinModes.${domain.joinPolicy.mode}`)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {domain.state === 'verified' ? (
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {domain.verifiedBy ? t(`domains.verifiedBy.${domain.verifiedBy}`) : t('domains.states.verified')}
                    </Text>
                  ) : (
                    <PermissionTooltip allowed={allowed}>
                      <Button
                        size="xs"
                        variant="default"
                        disabled={!allowed}
                        onClick={() => verification.request(domain)}
                        aria-label={`${t('systemAdmin.verifyByHand')}: ${domain.displayDomain}`}
                        style={{ whiteSpace: 'nowrap' }}
                      >
                        {t('systemAdmin.verifyByHand')}
                      </Button>
                    </PermissionTooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            )}
          />
        </ScrollArea>
      )}
      <ConfirmDialog {...verification.dialog} title={t('systemAdmin.verifyByHand')} confirmLabel={t('systemAdmin.verifyByHandConfirm')}>
        {verification.target
          ? t('systemAdmin.verifyByHandMessage', { domain: verification.target.displayDomain, organization: verification.target.organizationName })
          : ''}
      </ConfirmDialog>
    </Paper>
  );
}
