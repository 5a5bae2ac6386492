import { Avatar, Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { AccountMenu } from '@/components/account-menu';
import { BoxIcon } from '@/components/icons';
import { SearchInput } from '@/components/infinite-list/search-input';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { VirtualList } from '@/components/infinite-list/virtual-list';
import { usePageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { DomainJoinPanel, useCurrentAccount } from '@/features/account';
import { chooserRows, ProjectNavLink, runsByOrganization, useProjectPages } from '@/features/projects';
import { useTranslation } from '@/lib/i18n';

/** The height of the chooser's scroll list (docs/product-rules.md#routes). */
const PROJECT_LIST_HEIGHT = 300;

/**
 * /projects: the project chooser (docs/product-rules.md#routes). The projects are read a page at a time as the list
 * scrolls and searched on the server by project or organization name; they arrive ordered by
 * organization and are grouped under a heading per organization.
 */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('projects.title'));
  const account = useCurrentAccount();
  const search = useSearchQuery();
  const all = useProjectPages('');
  const projects = useProjectPages(search.query);
  const rows = useMemo(() => chooserRows(projects.items), [projects.items]);

  if (all.isPending) return <Spinner />;
  const hasAny = all.isError || all.items.length > 0;

  return (
    <Center component="main" style={{ flex: 1 }} p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={560}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={1} size="h3">
              {t('projects.title')}
            </Title>
            <AccountMenu account={account} />
          </Group>
          <DomainJoinPanel />
          {hasAny ? (
            <>
              <SearchInput
                search={search}
                searching={projects.isSearching}
                label={t('projects.searchLabel')}
                placeholder={t('projects.searchPlaceholder')}
                autoFocus
              />
              <VirtualList
                list={projects}
                rows={rows}
                label={t('projects.listLabel')}
                height={PROJECT_LIST_HEIGHT}
                estimateRowHeight={36}
                data-testid="project-list"
                empty={null}
                noMatch={t('projects.noMatch')}
                renderRows={(visible) =>
                  runsByOrganization(visible, (v) => v.row.organization).map(({ organization, items }) => (
                    <Box key={organization.id} role="group" aria-label={organization.name} data-testid="organization-group">
                      {items.map(({ row, rowProps }) =>
                        row.kind === 'organization' ? (
                          <Group key={`organization:${organization.id}`} {...rowProps} data-name={organization.name} gap="xs" px="xs" pt="sm" pb={4}>
                            <Avatar src={organization.profileImageSrc} size={22} radius="sm" color="indigo" alt="">
                              {organization.name.slice(0, 1)}
                            </Avatar>
                            <Text size="xs" fw={700} c="dimmed">
                              {organization.name}
                            </Text>
                          </Group>
                        ) : (
                          <ProjectNavLink key={row.project.id} project={row.project} rowProps={rowProps} pl="lg" />
                        ),
                      )}
                    </Box>
                  ))
                }
              />
            </>
          ) : (
            <Stack align="center" gap="xs" py="xl" data-testid="projects-empty">
              <BoxIcon size={40} color="var(--mantine-color-gray-5)" />
              <Text fw={600}>{t('projects.emptyTitle')}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t('projects.emptyDescription')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
