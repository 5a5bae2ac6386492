import { Avatar, Box, Center, Group, NavLink, Paper, ScrollArea, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { BoxIcon, SearchIcon } from '@/components/icons';
import { usePageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useCurrentAccount } from '@/features/account';
import { useOrganizationsOfAccount } from '@/features/organizations';
import { groupProjects, useProjectsInAccount } from '@/features/projects';
import { t } from '@/locales';

export const PROJECT_LIST_HEIGHT = 300;

/** /projects: the project chooser (spec §2). */
export function Component() {
  usePageTitle(t.projects.title);
  const account = useCurrentAccount();
  const organizations = useOrganizationsOfAccount();
  const projects = useProjectsInAccount();
  const [query, setQuery] = useState('');
  const groups = useMemo(() => groupProjects(organizations.data ?? [], projects.data ?? [], { query }), [organizations.data, projects.data, query]);

  if (organizations.isError) throw organizations.error;
  if (projects.isError) throw projects.error;
  if (organizations.isPending || projects.isPending) return <Spinner />;
  const hasAny = groupProjects(organizations.data, projects.data).length > 0;

  return (
    <Center style={{ flex: 1 }} p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={560}>
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Title order={1} size="h3">
              {t.projects.title}
            </Title>
            <AccountMenu account={account} />
          </Group>
          {hasAny ? (
            <>
              <TextInput
                aria-label={t.projects.searchLabel}
                placeholder={t.projects.searchPlaceholder}
                leftSection={<SearchIcon size={16} />}
                value={query}
                onChange={(e) => setQuery(e.currentTarget.value)}
                autoFocus
              />
              <ScrollArea h={PROJECT_LIST_HEIGHT} type="auto" offsetScrollbars data-testid="project-list">
                {groups.length === 0 ? (
                  <Text c="dimmed" size="sm" ta="center" py="xl">
                    {t.projects.noMatch}
                  </Text>
                ) : (
                  <Stack gap="sm">
                    {groups.map(({ organization, projects: items }) => (
                      <Box key={organization.id} role="group" aria-label={organization.name}>
                        <Group gap="xs" px="xs" py={4}>
                          <Avatar src={organization.profileImageSrc} size={22} radius="sm" color="indigo" alt="">
                            {organization.name.slice(0, 1)}
                          </Avatar>
                          <Text size="xs" fw={700} c="dimmed">
                            {organization.name}
                          </Text>
                        </Group>
                        {items.map((project) => (
                          <NavLink key={project.id} component={Link} to={paths.projects.detail.getHref(project.id)} label={project.name} leftSection={<BoxIcon size={16} />} pl="lg" style={{ borderRadius: 6 }} />
                        ))}
                      </Box>
                    ))}
                  </Stack>
                )}
              </ScrollArea>
            </>
          ) : (
            <Stack align="center" gap="xs" py="xl" data-testid="projects-empty">
              <BoxIcon size={40} color="var(--mantine-color-gray-5)" />
              <Text fw={600}>{t.projects.emptyTitle}</Text>
              <Text size="sm" c="dimmed" ta="center">
                {t.projects.emptyDescription}
              </Text>
            </Stack>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
