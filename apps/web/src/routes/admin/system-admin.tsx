import { Anchor, Box, Container, Group, Tabs, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/account/components/account-menu';
import { t } from '@/locales';

/** /system-admin (spec §2): members and orgs-and-projects tabs. The index redirects to members. */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const tabs = [
    { value: paths.systemAdmin.members.getHref(), label: t.systemAdmin.members },
    { value: paths.systemAdmin.orgsAndProjects.getHref(), label: t.systemAdmin.orgsAndProjects },
  ];
  const current = tabs.find((tab) => location.pathname.startsWith(tab.value))?.value ?? null;
  return (
    <Box bg="gray.0" style={{ flex: 1 }}>
      <Container size="lg" py="xl">
        <Group justify="space-between" mb="md">
          <Anchor component={Link} to={paths.projects.list.getHref()} size="sm" c="dimmed">
            <Group gap={4}>
              <ArrowLeftIcon size={14} />
              {t.systemAdmin.backToProjects}
            </Group>
          </Anchor>
          <AccountMenu />
        </Group>
        <Title order={1} size="h2" mb="lg">
          {t.systemAdmin.title}
        </Title>
        <Tabs value={current} onChange={(value) => value && void navigate(value)} keepMounted={false}>
          <Tabs.List mb="lg" aria-label={t.systemAdmin.navLabel}>
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
