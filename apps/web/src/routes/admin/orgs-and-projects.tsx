import { Avatar, Badge, Box, Button, Group, Modal, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { SettingsIcon } from '@/components/icons';
import { SearchInput } from '@/components/infinite-list/search-input';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { VirtualList } from '@/components/infinite-list/virtual-list';
import { usePageTitle } from '@/components/page-title';
import { toast, toastOnError } from '@/components/toasts';
import { paths } from '@/config/paths';
import { OrganizationExportPanel } from '@/features/organizations';
import { organizationProjectRows, ProjectNavLink, runsByOrganization } from '@/features/projects';
import { NameDialog, useAllProjectPages, useCreateOrganization, useCreateProject, useOrganizationPages } from '@/features/system-admin';
import { chainInfiniteLists } from '@/lib/infinite-list';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/system-admin';
import '@/locales/ja/organization-export';

/** The height of the list's scroll area: the rest of the window, at least 360 px. */
const ORGANIZATION_LIST_HEIGHT = 'max(360px, calc(100dvh - 360px))';

/**
 * /system-admin/orgs-and-projects (docs/product-rules.md#routes): search, create organization, and per organization
 * create-project, export and settings buttons with project rows linking to /projects/{id}. The projects
 * are read a page at a time (ordered by organization) and searched on the server by project or
 * organization name; the organizations without a project to show follow them. An organization or
 * project just created is searched for by its name (it may sort after the pages read so far), then
 * scrolled to and highlighted, with its create-project and settings buttons at hand.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(`${t('systemAdmin.orgsAndProjects')} - ${t('systemAdmin.title')}`);
  const search = useSearchQuery();
  const projects = useAllProjectPages(search.query);
  const organizations = useOrganizationPages(search.query);
  const createOrganization = useCreateOrganization();
  const createProject = useCreateProject();
  const [creatingOrganization, setCreatingOrganization] = useState(false);
  const [projectTarget, setProjectTarget] = useState<{ id: string; name: string } | null>(null);
  const [exportTarget, setExportTarget] = useState<{ id: string; name: string } | null>(null);
  const list = chainInfiniteLists(projects, organizations, organizationProjectRows);
  /** The organization or project created here last. */
  const [created, setCreated] = useState<string | null>(null);
  function reveal(subject: { id: string; name: string }) {
    search.setInput(subject.name);
    setCreated(subject.id);
  }

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="md">
        <SearchInput
          search={search}
          searching={list.isSearching}
          label={t('systemAdmin.searchLabel')}
          placeholder={t('systemAdmin.searchPlaceholder')}
          flex="1 1 240px"
          maw={360}
        />
        <Button onClick={() => setCreatingOrganization(true)}>{t('systemAdmin.createOrganization')}</Button>
      </Group>
      <VirtualList
        list={list}
        rows={list.items}
        label={t('systemAdmin.orgsAndProjects')}
        height={ORGANIZATION_LIST_HEIGHT}
        estimateRowHeight={40}
        revealIndex={created === null ? -1 : list.items.findIndex((row) => (row.kind === 'project' ? row.project.id : row.organization.id) === created)}
        data-testid="organization-list"
        empty={
          <Text c="dimmed" size="sm" ta="center" py="lg">
            {t('systemAdmin.noOrganizations')}
          </Text>
        }
        noMatch={t('systemAdmin.noMatch')}
        renderRows={(visible) =>
          runsByOrganization(visible, (v) => v.row.organization).map(({ organization, items }) => (
            <Box key={organization.id} role="group" aria-label={organization.name} data-testid="organization-group" data-name={organization.name}>
              {items.map(({ row, rowProps }) => {
                switch (row.kind) {
                  case 'organization':
                    return (
                      <Box key={`organization:${organization.id}`} {...rowProps} pt="md" data-created={organization.id === created || undefined}>
                        <Group
                          justify="space-between"
                          p="sm"
                          bg={organization.id === created ? 'var(--mantine-primary-color-light)' : 'gray.0'}
                          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
                        >
                          <Group gap="xs">
                            <Avatar src={organization.profileImageSrc} size={28} radius="sm" color="indigo" alt="">
                              {organization.name.slice(0, 1)}
                            </Avatar>
                            <Text fw={600}>{organization.name}</Text>
                            {organization.mfaRequired ? (
                              <Badge variant="light" color="teal" data-testid="mfa-required">
                                {t('systemAdmin.mfaRequired')}
                              </Badge>
                            ) : null}
                          </Group>
                          <Group gap="xs">
                            <Button size="xs" variant="default" onClick={() => setProjectTarget(organization)}>
                              {t('systemAdmin.createProject')}
                            </Button>
                            <Button size="xs" variant="default" onClick={() => setExportTarget(organization)}>
                              {t('organizationExport.start')}
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              component={Link}
                              to={paths.organizationSettings.general.getHref(organization.id)}
                              leftSection={<SettingsIcon size={14} />}
                            >
                              {t('systemAdmin.organizationSettings')}
                            </Button>
                          </Group>
                        </Group>
                      </Box>
                    );
                  case 'project':
                    return <ProjectNavLink key={row.project.id} project={row.project} rowProps={rowProps} highlighted={row.project.id === created} />;
                  case 'noProjects':
                    return (
                      <Text key={`noProjects:${organization.id}`} {...rowProps} size="sm" c="dimmed" p="sm">
                        {t('systemAdmin.noProjects')}
                      </Text>
                    );
                }
              })}
            </Box>
          ))
        }
      />
      <Modal
        opened={exportTarget !== null}
        onClose={() => setExportTarget(null)}
        title={exportTarget ? t('organizationExport.startFor', { organizationName: exportTarget.name }) : t('organizationExport.title')}
      >
        {exportTarget && <OrganizationExportPanel key={exportTarget.id} organizationId={exportTarget.id} allowed />}
      </Modal>
      <NameDialog
        opened={creatingOrganization}
        title={t('systemAdmin.createOrganization')}
        label={t('systemAdmin.organizationName')}
        submitLabel={t('systemAdmin.create')}
        loading={createOrganization.isPending}
        onClose={() => setCreatingOrganization(false)}
        onSubmit={(name) =>
          createOrganization.mutate(
            { name, profileImageSrc: null },
            {
              onSuccess: (organization) => {
                toast.success(t('systemAdmin.organizationCreated'));
                setCreatingOrganization(false);
                reveal(organization);
              },
              onError: toastOnError(t('systemAdmin.organizationCreateFailed')),
            },
          )
        }
      />
      <NameDialog
        opened={projectTarget !== null}
        title={projectTarget ? t('systemAdmin.createProjectIn', { organizationName: projectTarget.name }) : t('systemAdmin.createProject')}
        label={t('systemAdmin.projectName')}
        submitLabel={t('systemAdmin.create')}
        loading={createProject.isPending}
        onClose={() => setProjectTarget(null)}
        onSubmit={(name) => {
          if (!projectTarget) return;
          createProject.mutate(
            { organizationId: projectTarget.id, name },
            {
              onSuccess: (project) => {
                toast.success(t('systemAdmin.projectCreated'));
                setProjectTarget(null);
                reveal(project);
              },
              onError: toastOnError(t('systemAdmin.projectCreateFailed')),
            },
          );
        }}
      />
    </Paper>
  );
}
