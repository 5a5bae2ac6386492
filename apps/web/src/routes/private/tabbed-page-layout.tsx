import { Anchor, Box, Container, Group, Tabs, Title, type MantineSize } from '@mantine/core';
import { Link, Outlet, useNavigate } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { ArrowLeftIcon } from '@/components/icons';
import { useCurrentAccount } from '@/features/account';

export interface TabbedPageLayoutProps {
  size: MantineSize;
  backHref: string;
  backLabel: string;
  title: string;
  /** Each tab's value is the path it navigates to. */
  tabs: readonly { value: string; label: string }[];
  current: string | null;
  /** The accessible name of the tab list. */
  tabsLabel?: string;
}

/**
 * A full page of the private group (account settings, system admin): a back link and the account
 * menu, the title, tabs that navigate, and the tab's page below.
 */
export function TabbedPageLayout({ size, backHref, backLabel, title, tabs, current, tabsLabel }: TabbedPageLayoutProps) {
  const navigate = useNavigate();
  const account = useCurrentAccount();
  return (
    <Box component="main" bg="gray.0" style={{ flex: 1 }}>
      <Container size={size} py="xl">
        <Group justify="space-between" mb="md">
          <Anchor component={Link} to={backHref} size="sm" c="dimmed">
            <Group gap={4}>
              <ArrowLeftIcon size={14} />
              {backLabel}
            </Group>
          </Anchor>
          <AccountMenu account={account} />
        </Group>
        <Title order={1} size="h2" mb="lg">
          {title}
        </Title>
        <Tabs value={current} onChange={(value) => value && void navigate(value)} keepMounted={false}>
          <Tabs.List mb="lg" aria-label={tabsLabel}>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Container>
    </Box>
  );
}
