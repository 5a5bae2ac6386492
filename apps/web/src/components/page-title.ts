import { useDocumentTitle } from '@mantine/hooks';
import { t } from '@/locales';

/** Sets the document title to "<title> | コンソール" (or the app name alone). */
export function usePageTitle(title?: string): void {
  useDocumentTitle(title ? `${title} | ${t.app.title}` : t.app.title);
}
