import { ActionIcon, Avatar, Combobox, Group, Loader, Text, Tooltip, UnstyledButton, useCombobox } from '@mantine/core';
import { useId } from '@mantine/hooks';
import type { KeyboardEvent, UIEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckIcon, SearchIcon, SelectorIcon, SettingsIcon } from '@/components/icons';
import { ListError, ListMoreRow } from '@/components/infinite-list/list-status';
import { useSearchQuery } from '@/components/infinite-list/use-search-query';
import { paths } from '@/config/paths';
import { useOrganization } from '@/features/organizations';
import { SEARCH_QUERY_MAX_LENGTH } from '@console/domain';
import { useTranslation } from '@/lib/i18n';
import { useProjectPages } from '../api/get-projects-in-account';
import { organizationOf, runsByOrganization } from '../project-rows';

/** The options' scroll height. */
const OPTIONS_MAX_HEIGHT = 360;
/** How near the end of the options (px) the next page is read. */
const READ_AHEAD_PX = 80;

/**
 * Organization and project switcher (docs/product-rules.md#screens): a button naming the current organization and
 * project that opens a search box over the account's projects, grouped by organization, with a
 * checkmark on the current one; and a settings button. The projects are searched on the server
 * (project or organization name) and read a page at a time as the options scroll. Keyboard: type
 * to search, arrows to move, Enter to open (the first match when none is chosen), Escape to
 * close, focus then back on the button.
 */
export function ProjectSwitcher({ current }: { current: { id: string; name: string; organizationId: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const organization = useOrganization(current.organizationId).data;
  const search = useSearchQuery();
  const combobox = useCombobox({
    loop: false,
    onDropdownOpen: () => combobox.focusSearchInput(),
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      search.setInput('');
      combobox.focusTarget();
    },
  });
  const projects = useProjectPages(search.query, { enabled: combobox.dropdownOpened });
  const groups = runsByOrganization(projects.items, organizationOf);
  // Mantine's id (React's has characters the options' CSS selectors cannot take).
  const listId = useId();
  const showsOptions = !projects.isPending && !projects.isError && projects.items.length > 0;

  const readAhead = (event: UIEvent<HTMLElement>) => {
    const options = event.currentTarget;
    if (!projects.hasNextPage || projects.isFetchingNextPage || projects.isFetchNextPageError) return;
    if (options.scrollTop + options.clientHeight >= options.scrollHeight - READ_AHEAD_PX) projects.fetchNextPage();
  };
  // Enter with no option chosen opens the first match.
  const openFirstOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) combobox.selectFirstOption();
  };

  return (
    <Group gap={4} wrap="nowrap">
      <Combobox
        store={combobox}
        position="bottom-start"
        width={260}
        shadow="md"
        onOptionSubmit={(projectId) => {
          combobox.closeDropdown();
          void navigate(paths.projects.detail.getHref(projectId));
        }}
      >
        <Combobox.Target targetType="button" withAriaAttributes={false} withKeyboardNavigation={false}>
          {/* The button's name contains the names it shows (what voice control users say); the avatar shows no initial, which would not be in it. */}
          <UnstyledButton
            aria-label={t('projectLayout.switcherLabel', { organization: organization?.name ?? '', project: current.name })}
            aria-haspopup="listbox"
            aria-expanded={combobox.dropdownOpened}
            onClick={() => combobox.toggleDropdown()}
            style={{ flex: 1, minWidth: 0, padding: '6px 8px', borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar src={organization?.profileImageSrc} size={28} radius="sm" color="indigo" alt="" />
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
        </Combobox.Target>
        <Combobox.Dropdown data-testid="project-switcher">
          <Combobox.Search
            role="combobox"
            aria-expanded={showsOptions}
            aria-controls={showsOptions ? listId : undefined}
            aria-label={t('projectLayout.switcherSearchLabel')}
            placeholder={t('projects.searchPlaceholder')}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            leftSection={<SearchIcon size={14} />}
            rightSection={projects.isSearching ? <Loader size={14} /> : null}
            value={search.input}
            onChange={(event) => {
              search.setInput(event.currentTarget.value);
              combobox.resetSelectedOption();
            }}
            onKeyDown={openFirstOnEnter}
          />
          {projects.isPending ? (
            <Group justify="center" py="sm">
              <Loader size="sm" />
            </Group>
          ) : projects.isError ? (
            <ListError list={projects} />
          ) : !showsOptions ? (
            <Text c="dimmed" size="sm" ta="center" py="sm">
              {t('projects.noMatch')}
            </Text>
          ) : (
            <Combobox.Options
              id={listId}
              aria-label={t('projectLayout.switcherListLabel')}
              mah={OPTIONS_MAX_HEIGHT}
              style={{ overflowY: 'auto' }}
              onScroll={readAhead}
            >
              {groups.map(({ organization: group, items }) => (
                <Combobox.Group key={group.id} label={group.name}>
                  {items.map((project) => (
                    <Combobox.Option key={project.id} value={project.id} active={project.id === current.id} aria-selected={project.id === current.id}>
                      <Group justify="space-between" gap="xs" wrap="nowrap">
                        <Text size="sm" truncate>
                          {project.name}
                        </Text>
                        {project.id === current.id ? <CheckIcon size={16} color="var(--mantine-color-indigo-6)" /> : null}
                      </Group>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              ))}
            </Combobox.Options>
          )}
          {projects.isFetchingNextPage || projects.isFetchNextPageError ? <ListMoreRow list={projects} /> : null}
        </Combobox.Dropdown>
      </Combobox>
      <Tooltip label={t('projectLayout.settings')}>
        <ActionIcon
          component={Link}
          to={paths.organizationSettings.project.getHref(current.organizationId, current.id)}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('projectLayout.settings')}
        >
          <SettingsIcon size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
