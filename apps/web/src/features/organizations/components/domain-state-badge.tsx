import { Badge } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { OrganizationDomain } from '../api/get-organization-domains';
import '@/locales/ja/domains';

const STATE_COLORS = { pending: 'gray', verified: 'teal', failed: 'red' } as const;

/** A domain's state (確認待ち, 確認済み, 確認失敗) as a coloured badge (docs/product-rules.md#verified-domains). */
export function DomainStateBadge({ state }: { state: OrganizationDomain['state'] }) {
  const { t } = useTranslation();
  // At least as wide as its text: a badge's label may shrink to nothing in a squeezed table cell.
  return (
    <Badge color={STATE_COLORS[state]} variant="light" miw="max-content" data-testid="domain-state">
      {t(`domains.states.${state}`)}
    </Badge>
  );
}
