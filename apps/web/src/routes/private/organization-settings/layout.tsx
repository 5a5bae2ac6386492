import { Avatar, Box, Button, Center, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Actions } from '@console/domain';
import { Link, NavLink as RouterNavLink, Outlet, useLocation, useParams } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { ArrowLeftIcon, BoxIcon } from '@/components/icons';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { SidebarLayout } from '@/components/sidebar-layout';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useCurrentAccount, usePermissions } from '@/features/account';
import { useOrganization, type OrganizationSettingsContext } from '@/features/organizations';
import { useOrganizationProjects } from '@/features/projects';
import { isApiError } from '@/lib/api-error';
import { useTranslation } from '@/lib/i18n';

/**
 * /organizations/{id}/settings (docs/product-rules.md#routes): side navigation with a back button (the organization's
 * first project, or /projects), the organization's pages and its projects.
 */
export function Component() {
  const { t } = useTranslation();
  const { organizationId = '' } = useParams();
  const location = useLocation();
  const account = useCurrentAccount();
  const organization = useOrganization(organizationId);
  const projects = useOrganizationProjects(organizationId);
  const can = usePermissions(organization.data);

  if (organization.isError) {
    if (isApiError(organization.error) && organization.error.status >= 400 && organization.error.status < 500) {
      return (
        <Center style={{ flex: 1 }} p="xl">
          <Stack align="center" gap="sm">
            <Text>{t('organizationSettings.notFound')}</Text>
            <Button component={Link} to={paths.projects.list.getHref()} variant="default">
              {t('organizationSettings.back')}
            </Button>
          </Stack>
        </Center>
      );
    }
    throw organization.error;
  }
  if (organization.isPending) return <Spinner />;

  const org = organization.data;
  const orgProjects = projects.data ?? [];
  const first = orgProjects[0];
  const backHref = first ? paths.projects.detail.getHref(first.id) : paths.projects.list.getHref();
  const pages = [
    { href: paths.organizationSettings.general.getHref(org.id), label: t('organizationSettings.general') },
    { href: paths.organizationSettings.members.getHref(org.id), label: t('organizationSettings.members') },
    { href: paths.organizationSettings.roles.getHref(org.id), label: t('organizationSettings.roles') },
    ...(can(Actions.KarteMappingRead)
      ? [{ href: paths.organizationSettings.karteMapping.getHref(org.id), label: t('organizationSettings.karteMapping') }]
      : []),
    { href: paths.organizationSettings.domains.getHref(org.id), label: t('organizationSettings.domains') },
    { href: paths.organizationSettings.security.getHref(org.id), label: t('organizationSettings.security') },
    { href: paths.organizationSettings.sso.getHref(org.id), label: t('organizationSettings.sso'), allowed: can(Actions.OrganizationManageSso) },
    {
      href: paths.organizationSettings.joinRequests.getHref(org.id),
      label: t('organizationSettings.joinRequests'),
      allowed: can(Actions.OrganizationManageJoinRequests),
    },
    { href: paths.organizationSettings.auditLog.getHref(org.id), label: t('organizationSettings.auditLog'), allowed: can(Actions.OrganizationViewAuditLog) },
  ];
  const context: OrganizationSettingsContext = { organization: org };

  return (
    <SidebarLayout
      label={t('organizationSettings.navLabel')}
      title={org.name}
      sidebar={
        <>
          <Button
            component={Link}
            to={backHref}
            variant="subtle"
            color="gray"
            size="xs"
            leftSection={<ArrowLeftIcon size={14} />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('organizationSettings.back')}
          </Button>
          <Group gap="xs" mt="md" mb="sm" px={4} wrap="nowrap">
            <Avatar src={org.profileImageSrc} size={32} radius="sm" color="indigo" alt="">
              {org.name.slice(0, 1)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed">
                {t('organizationSettings.title')}
              </Text>
              <Text size="sm" fw={600} truncate>
                {org.name}
              </Text>
            </div>
          </Group>
          <ScrollArea style={{ flex: 1 }} type="auto">
            <Stack gap={2}>
              {pages.map((page) =>
                page.allowed === false ? (
                  // A page the account may not see (docs/product-rules.md#permissions): disabled, with the tooltip 権限がありません.
                  <PermissionTooltip key={page.href} allowed={false} block>
                    <NavLink disabled label={page.label} renderRoot={(props) => <button type="button" {...props} disabled />} style={{ borderRadius: 6 }} />
                  </PermissionTooltip>
                ) : (
                  <NavLink
                    key={page.href}
                    component={RouterNavLink}
                    to={page.href}
                    label={page.label}
                    active={location.pathname === page.href}
                    style={{ borderRadius: 6 }}
                  />
                ),
              )}
            </Stack>
            <Text size="xs" fw={700} c="dimmed" mt="lg" mb={4} px={4}>
              {t('organizationSettings.projects')}
            </Text>
            {projects.isPending ? null : orgProjects.length === 0 ? (
              <Text size="sm" c="dimmed" px={4}>
                {t('organizationSettings.noProjects')}
              </Text>
            ) : (
              <Stack gap={2} data-testid="settings-projects">
                {orgProjects.map((project) => {
                  const href = paths.organizationSettings.project.getHref(org.id, project.id);
                  return (
                    <NavLink
                      key={project.id}
                      component={RouterNavLink}
                      to={href}
                      label={project.name}
                      leftSection={<BoxIcon size={16} />}
                      active={location.pathname === href}
                      style={{ borderRadius: 6 }}
                    />
                  );
                })}
              </Stack>
            )}
          </ScrollArea>
          <Box pt="md">
            <AccountMenu account={account} showName />
          </Box>
        </>
      }
    >
      <Box p={{ base: 'md', sm: 'xl' }}>
        <Outlet context={context} />
      </Box>
    </SidebarLayout>
  );
}
