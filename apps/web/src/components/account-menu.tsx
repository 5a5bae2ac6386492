import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { paths } from '@/config/paths';
import { LogoutIcon, UserIcon } from './icons';
import { LanguageMenuItems } from './language-menu-items';

export interface AccountMenuProps {
  /** The signed-in account. */
  account: { name: string | null; email: string; profileImageSrc: string | null };
  showName?: boolean;
}

/** Account menu: account settings (/account), the language and logout (docs/product-rules.md#screens). */
export function AccountMenu({ account, showName = false }: AccountMenuProps) {
  const { t } = useTranslation();
  const label = account.name ?? account.email;
  return (
    <Menu position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>
        {/* With the name shown, the button's name contains it (what voice control users say) and the avatar shows no initial. */}
        <UnstyledButton aria-label={showName ? t('accountMenu.labelWithName', { name: label }) : t('accountMenu.label')} style={{ borderRadius: 999 }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={account.profileImageSrc} alt="" radius="xl" size={32} color="indigo">
              {showName ? null : label.slice(0, 1).toUpperCase()}
            </Avatar>
            {showName ? (
              <Text size="sm" fw={500} truncate maw={160}>
                {label}
              </Text>
            ) : null}
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" truncate>
            {account.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={paths.account.root.getHref()} leftSection={<UserIcon size={16} />}>
          {t('accountMenu.accountSettings')}
        </Menu.Item>
        <Menu.Divider />
        <LanguageMenuItems />
        <Menu.Divider />
        <Menu.Item component={Link} to={paths.logout.getHref()} leftSection={<LogoutIcon size={16} />} color="red">
          {t('accountMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
