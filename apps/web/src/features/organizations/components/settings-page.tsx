import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/components/page-title';
import { useOrganizationSettings } from '../settings-context';

/** A page of the organization settings: its heading, and '{title} - {organization name}' as the document title (docs/product-rules.md#screens). */
export function OrganizationSettingsPage({ title, maw, children }: { title: string; maw: number; children: ReactNode }) {
  const { organization } = useOrganizationSettings();
  usePageTitle(`${title} - ${organization.name}`);
  return (
    <Stack gap="lg" maw={maw}>
      <Title order={1} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
