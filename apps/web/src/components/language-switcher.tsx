import { Box, Button, Group } from '@mantine/core';
import { LOCALES } from '@console/domain';
import { chooseLocale, currentLocale, useTranslation } from '@/lib/i18n';

/**
 * 日本語 / English as buttons at the top right of the page, the current one pressed (public pages),
 * in the page's header (banner landmark).
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = currentLocale();
  return (
    <Box component="header" pos="absolute" top={12} right={16}>
      <Group gap={4} role="group" aria-label={t('language.label')}>
        {LOCALES.map((locale) => (
          <Button
            key={locale}
            size="compact-sm"
            variant={locale === current ? 'light' : 'subtle'}
            color="gray"
            lang={locale}
            aria-pressed={locale === current}
            onClick={() => void chooseLocale(locale)}
          >
            {t(`language.${locale}`)}
          </Button>
        ))}
      </Group>
    </Box>
  );
}
