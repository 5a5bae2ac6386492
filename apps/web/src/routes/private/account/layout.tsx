import { Anchor, Box, Container, Group, Tabs, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ArrowLeftIcon } from '@/components/icons';
import { usePageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { AccountMenu } from '@/features/account/components/account-menu';
import { t } from '@/locales';

/** /account: profile and authentication tabs (spec §2). */
export function Component() {
  usePageTitle(t.account.title);
  const location = useLocation();
  const navigate = useNavigate();
  const tab = location.pathname.endsWith('/authentication') ? paths.account.authentication.getHref() : paths.account.profile.getHref();
  return (
    <Box bg="gray.0" style={{ flex: 1 }}>
      <Container size="sm" py="xl">
        <Group justify="space-between" mb="md">
          <Anchor component={Link} to={paths.projects.latest.getHref()} size="sm" c="dimmed">
            <Group gap={4}>
              <ArrowLeftIcon size={14} />
              {t.account.backToProjects}
            </Group>
          </Anchor>
          <AccountMenu />
        </Group>
        <Title order={1} size="h2" mb="lg">
          {t.account.title}
        </Title>
        <Tabs value={tab} onChange={(value) => value && void navigate(value)} keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value={paths.account.profile.getHref()}>{t.account.profileTab}</Tabs.Tab>
            <Tabs.Tab value={paths.account.authentication.getHref()}>{t.account.authenticationTab}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Container>
    </Box>
  );
}
