import { Button, Menu } from '@mantine/core';
import type { MemberCsvEncoding } from '@console/domain';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { useTranslation } from '@/lib/i18n';
import { useDownloadMembersCsv } from '../api/export-members';
import '@/locales/ja/member-csv';

/** CSVエクスポート: the member CSV in the encoding chosen from its menu (docs/product-rules.md#member-csv); disabled without the right. */
export function MemberCsvExportMenu({ organizationId, allowed }: { organizationId: string; allowed: boolean }) {
  const { t } = useTranslation();
  const download = useDownloadMembersCsv();
  const choose = (encoding: MemberCsvEncoding) => download.mutate({ organizationId, encoding });
  return (
    <PermissionTooltip allowed={allowed}>
      <Menu position="bottom-end" withinPortal disabled={!allowed}>
        <Menu.Target>
          <Button variant="default" disabled={!allowed} loading={download.isPending}>
            {t('memberCsv.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('memberCsv.exportMenuLabel')}</Menu.Label>
          <Menu.Item onClick={() => choose('utf-8')}>{t('memberCsv.exportUtf8')}</Menu.Item>
          <Menu.Item onClick={() => choose('shift_jis')}>
            {t('memberCsv.exportShiftJis')}
            <div>
              <small>{t('memberCsv.exportShiftJisHint')}</small>
            </div>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </PermissionTooltip>
  );
}
