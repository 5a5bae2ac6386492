import { NavLink, type MantineSpacing } from '@mantine/core';
import { Link } from 'react-router';
import type { VirtualRowProps } from '@/components/infinite-list/use-virtual-rows';
import { BoxIcon } from '@/components/icons';
import { paths } from '@/config/paths';

/** A project's row in a virtualised project list (chooser, system administration): a link to the project, `highlighted` when just created. */
export function ProjectNavLink({
  project,
  rowProps,
  pl,
  highlighted = false,
}: {
  project: { id: string; name: string };
  rowProps: VirtualRowProps;
  pl?: MantineSpacing;
  highlighted?: boolean;
}) {
  return (
    <NavLink
      {...rowProps}
      active={highlighted}
      data-created={highlighted || undefined}
      component={Link}
      to={paths.projects.detail.getHref(project.id)}
      label={project.name}
      leftSection={<BoxIcon size={16} />}
      pl={pl}
      style={{ borderRadius: 6 }}
    />
  );
}
