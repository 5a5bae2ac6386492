import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/**
 * Wraps a control the current user may not use (docs/product-rules.md#permissions): when `allowed` is false it shows the
 * tooltip 権限がありません. The child renders itself disabled; a wrapper element receives the
 * hover because a disabled control does not.
 */
export function PermissionTooltip({ allowed, children, block = false }: { allowed: boolean; children: ReactNode; block?: boolean }) {
  const { t } = useTranslation();
  if (allowed) return <>{children}</>;
  return (
    <Tooltip label={t('common.noPermission')} withinPortal>
      <span data-no-permission="" style={{ display: block ? 'block' : 'inline-block', cursor: 'not-allowed' }}>
        {children}
      </span>
    </Tooltip>
  );
}
