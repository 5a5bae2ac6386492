import { Box, Burger, Drawer, Flex, Group, Text, useMatches } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation } from 'react-router';

/** The side navigation's width (docs/product-rules.md#screens). */
const SIDEBAR_WIDTH = 280;
/** From this breakpoint (Mantine's md, 62em) up the navigation is beside the page; below it, behind a menu button. */
const SIDEBAR_BREAKPOINT = 'md';

export interface SidebarLayoutProps {
  /** The navigation's accessible name, and the title of its drawer on narrow screens. */
  label: string;
  /** Beside the menu button on narrow screens: what the page is about (e.g. the organization's name). */
  title: string;
  /** The navigation's content. */
  sidebar: ReactNode;
  /** The page (inside the main landmark). */
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A page with a side navigation (project, organization settings): the navigation in a 280 px
 * column on wide screens; on narrow ones a bar with a menu button opening it in a drawer, which
 * closes once a page is chosen.
 */
export function SidebarLayout({ label, title, sidebar, children, 'data-testid': testId }: SidebarLayoutProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  const wide = useMatches({ base: false, [SIDEBAR_BREAKPOINT]: true });
  // A choice in the menu leads to another page (or the window grows past the breakpoint): the drawer closes.
  useEffect(close, [location.key, wide, close]);
  return (
    <Flex direction={{ base: 'column', [SIDEBAR_BREAKPOINT]: 'row' }} style={{ flex: 1, minHeight: 0 }}>
      <Box
        component="nav"
        aria-label={label}
        visibleFrom={SIDEBAR_BREAKPOINT}
        w={SIDEBAR_WIDTH}
        p="md"
        bg="gray.0"
        style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)', display: 'flex', flexDirection: 'column' }}
        data-testid={testId}
      >
        {sidebar}
      </Box>
      <Group
        component="nav"
        aria-label={label}
        hiddenFrom={SIDEBAR_BREAKPOINT}
        gap="xs"
        wrap="nowrap"
        px="sm"
        py={6}
        bg="gray.0"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Burger opened={opened} onClick={open} size="sm" aria-label={t('common.openMenu')} aria-expanded={opened} aria-haspopup="dialog" />
        <Text size="sm" fw={600} truncate>
          {title}
        </Text>
      </Group>
      <Drawer opened={opened} onClose={close} title={label} size={SIDEBAR_WIDTH} padding="md">
        <Box component="nav" aria-label={label} style={{ display: 'flex', flexDirection: 'column' }} data-testid={testId}>
          {sidebar}
        </Box>
      </Drawer>
      {/* Beside the navigation the page scrolls on its own; below it, with the window. */}
      <Box component="main" style={{ flex: 1, minWidth: 0, minHeight: 0, overflowY: wide ? 'auto' : undefined }}>
        {children}
      </Box>
    </Flex>
  );
}
