import { Menu } from '@mantine/core';
import { LOCALES } from '@console/domain';
import { chooseLocale, currentLocale, useTranslation } from '@/lib/i18n';
import { CheckIcon } from './icons';

/**
 * 日本語 / English as items of a menu, the current one checked (account menu). A module apart from
 * language-switcher.tsx, so that the public pages show their switcher without loading Menu.
 */
export function LanguageMenuItems() {
  const { t } = useTranslation();
  const current = currentLocale();
  return (
    <>
      <Menu.Label>{t('language.label')}</Menu.Label>
      {LOCALES.map((locale) => (
        <Menu.Item
          key={locale}
          lang={locale}
          // Menu.Item sets role="menuitem" over any given role; its root takes the radio role.
          renderRoot={(props) => <button type="button" {...props} role="menuitemradio" />}
          aria-checked={locale === current}
          leftSection={<CheckIcon size={16} visibility={locale === current ? 'visible' : 'hidden'} />}
          onClick={() => void chooseLocale(locale)}
        >
          {t(`language.${locale}`)}
        </Menu.Item>
      ))}
    </>
  );
}
