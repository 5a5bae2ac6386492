import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from '@/lib/i18n';

/** Sets the document title to "<title> | コンソール" (or the app name alone). */
export function usePageTitle(title?: string): void {
  const { t } = useTranslation();
  useDocumentTitle(title ? `${title} | ${t('app.title')}` : t('app.title'));
}
