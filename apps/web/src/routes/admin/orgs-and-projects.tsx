import { Avatar, Box, Button, Group, NavLink, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { BoxIcon, SearchIcon, SettingsIcon } from '@/components/icons';
import { usePageTitle } from '@/components/page-title';
import { toast, toastOnError } from '@/components/toasts';
import { TableSkeleton } from '@/components/table-skeleton';
import { paths } from '@/config/paths';
import { groupProjects } from '@/features/projects';
import { NameDialog, useAllOrganizations, useAllProjects, useCreateOrganization, useCreateProject, type AdminOrganization } from '@/features/system-admin';
import { t } from '@/locales';

/**
 * /system-admin/orgs-and-projects (spec §2): search, create organization, and per organization
 * create-project and settings buttons with project rows linking to /projects/{id}.
 */
export function Component() {
  usePageTitle(`${t.systemAdmin.orgsAndProjects} - ${t.systemAdmin.title}`);
  const organizations = useAllOrganizations();
  const projects = useAllProjects();
  const createOrganization = useCreateOrganization();
  const createProject = useCreateProject();
  const [query, setQuery] = useState('');
  const [creatingOrganization, setCreatingOrganization] = useState(false);
  const [projectTarget, setProjectTarget] = useState<AdminOrganization | null>(null);

  if (organizations.isError) throw organizations.error;
  if (projects.isError) throw projects.error;

  const groups = organizations.data && projects.data ? groupProjects(organizations.data, projects.data, { query, includeEmptyOrganizations: true }) : undefined;

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md" wrap="nowrap">
        <TextInput
          aria-label={t.systemAdmin.searchLabel}
          placeholder={t.systemAdmin.searchPlaceholder}
          leftSection={<SearchIcon size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={360}
        />
        <Button onClick={() => setCreatingOrganization(true)}>{t.systemAdmin.createOrganization}</Button>
      </Group>
      {groups === undefined ? (
        <TableSkeleton rows={3} columns={2} />
      ) : groups.length === 0 ? (
        <Text c="dimmed" size="sm" ta="center" py="lg">
          {organizations.data?.length === 0 ? t.systemAdmin.noOrganizations : t.systemAdmin.noMatch}
        </Text>
      ) : (
        <Stack gap="md">
          {groups.map(({ organization, projects: items }) => (
            <Box key={organization.id} data-testid="organization-group" data-name={organization.name} style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <Group justify="space-between" p="sm" bg="gray.0" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', borderRadius: '8px 8px 0 0' }}>
                <Group gap="xs">
                  <Avatar src={organization.profileImageSrc} size={28} radius="sm" color="indigo" alt="">
                    {organization.name.slice(0, 1)}
                  </Avatar>
                  <Text fw={600}>{organization.name}</Text>
                </Group>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setProjectTarget(organization)}>
                    {t.systemAdmin.createProject}
                  </Button>
                  <Button size="xs" variant="subtle" component={Link} to={paths.organizationSettings.general.getHref(organization.id)} leftSection={<SettingsIcon size={14} />}>
                    {t.systemAdmin.organizationSettings}
                  </Button>
                </Group>
              </Group>
              {items.length === 0 ? (
                <Text size="sm" c="dimmed" p="sm">
                  {t.systemAdmin.noProjects}
                </Text>
              ) : (
                <Stack gap={0} p={4}>
                  {items.map((project) => (
                    <NavLink key={project.id} component={Link} to={paths.projects.detail.getHref(project.id)} label={project.name} leftSection={<BoxIcon size={16} />} style={{ borderRadius: 6 }} />
                  ))}
                </Stack>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <NameDialog
        opened={creatingOrganization}
        title={t.systemAdmin.createOrganization}
        label={t.systemAdmin.organizationName}
        submitLabel={t.systemAdmin.create}
        loading={createOrganization.isPending}
        onClose={() => setCreatingOrganization(false)}
        onSubmit={(name) =>
          createOrganization.mutate(
            { name, profileImageSrc: null },
            {
              onSuccess: () => {
                toast.success(t.systemAdmin.organizationCreated);
                setCreatingOrganization(false);
              },
              onError: toastOnError(t.systemAdmin.organizationCreateFailed),
            },
          )
        }
      />
      <NameDialog
        opened={projectTarget !== null}
        title={projectTarget ? t.systemAdmin.createProjectIn(projectTarget.name) : t.systemAdmin.createProject}
        label={t.systemAdmin.projectName}
        submitLabel={t.systemAdmin.create}
        loading={createProject.isPending}
        onClose={() => setProjectTarget(null)}
        onSubmit={(name) => {
          if (!projectTarget) return;
          createProject.mutate(
            { organizationId: projectTarget.id, name },
            {
              onSuccess: () => {
                toast.success(t.systemAdmin.projectCreated);
                setProjectTarget(null);
              },
              onError: toastOnError(t.systemAdmin.projectCreateFailed),
            },
          );
        }}
      />
    </Paper>
  );
}
