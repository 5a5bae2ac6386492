import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { isValidId } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router';
import { useCurrentAccount } from '@/app/auth-state';
import { usePageTitle } from '@/components/page-title';
import { toast } from '@/components/toasts';
import { paths } from '@/config/paths';
import { useOrganizationKarteMapping } from '@/features/organization-settings/api/get-organization-karte-mapping';
import { useUpsertOrganizationKarteMapping } from '@/features/organization-settings/api/upsert-organization-karte-mapping';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { t } from '@/locales';

/** /organizations/{id}/settings/karteMapping: the KARTE organization id (system admins only; spec §2). */
export function Component() {
  const { organization } = useOrganizationSettings();
  const account = useCurrentAccount();
  usePageTitle(`${t.organizationSettings.karteMapping} - ${organization.name}`);
  const mapping = useOrganizationKarteMapping(organization.id, { enabled: account.isSystemAdmin });
  const upsert = useUpsertOrganizationKarteMapping();
  const saved = mapping.data?.karteOrganizationId ?? '';
  const [value, setValue] = useState(saved);

  useEffect(() => setValue(saved), [saved]);

  if (!account.isSystemAdmin) return <Navigate to={paths.organizationSettings.general.getHref(organization.id)} replace />;
  if (mapping.isError) throw mapping.error;

  const trimmed = value.trim();
  const valid = isValidId('karteOrganization', trimmed);
  const changed = trimmed !== saved;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || !valid || upsert.isPending) return;
    upsert.mutate(
      { organizationId: organization.id, karteOrganizationId: trimmed },
      {
        onSuccess: () => toast.success(t.organizationSettings.karteSaved),
        onError: (error) => {
          console.error(error);
          toast.error(t.organizationSettings.karteSaveFailed);
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h3">
        {t.organizationSettings.karteMapping}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <TextInput
              label={t.organizationSettings.karteOrganizationId}
              description={t.organizationSettings.karteOrganizationIdDescription}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              disabled={mapping.isPending}
              error={trimmed !== '' && !valid ? t.organizationSettings.karteIdInvalid : undefined}
              maxLength={24}
              maw={400}
              ff="monospace"
            />
            <Group>
              <Button type="submit" disabled={!changed || !valid} loading={upsert.isPending}>
                {t.common.save}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
