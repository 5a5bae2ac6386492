import { ActionIcon, Avatar, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { CheckIcon, SelectorIcon, SettingsIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import type { Organization } from '@/features/organizations';
import { t } from '@/locales';
import type { Project } from '../api/get-projects-in-account';
import { groupProjects } from '../project-groups';

/**
 * Organization and project switcher (spec §2): a dropdown of all the account's organizations and
 * projects with a checkmark on the current one, and a settings button.
 */
export function ProjectSwitcher({ organizations, projects, current }: { organizations: Organization[]; projects: Project[]; current: Project }) {
  const navigate = useNavigate();
  const organization = organizations.find((o) => o.id === current.organizationId);
  const groups = groupProjects(organizations, projects);
  return (
    <Group gap={4} wrap="nowrap">
      <Menu position="bottom-start" width={260} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t.projectLayout.switcherLabel} style={{ flex: 1, minWidth: 0, padding: '6px 8px', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={organization?.profileImageSrc} size={28} radius="sm" color="indigo" alt="">
                {(organization?.name ?? current.name).slice(0, 1)}
              </Avatar>
              <div style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" c="dimmed" truncate>
                  {organization?.name}
                </Text>
                <Text size="sm" fw={600} truncate>
                  {current.name}
                </Text>
              </div>
              <SelectorIcon size={14} color="var(--mantine-color-gray-6)" />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
          {groups.map(({ organization: org, projects: items }) => (
            <div key={org.id}>
              <Menu.Label>{org.name}</Menu.Label>
              {items.map((project) => (
                <Menu.Item
                  key={project.id}
                  onClick={() => void navigate(paths.projects.detail.getHref(project.id))}
                  rightSection={project.id === current.id ? <CheckIcon size={16} color="var(--mantine-color-indigo-6)" aria-label="current" /> : null}
                  aria-current={project.id === current.id ? 'true' : undefined}
                >
                  {project.name}
                </Menu.Item>
              ))}
            </div>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Tooltip label={t.projectLayout.settings}>
        <ActionIcon component={Link} to={paths.organizationSettings.project.getHref(current.organizationId, current.id)} variant="subtle" color="gray" size="lg" aria-label={t.projectLayout.settings}>
          <SettingsIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
