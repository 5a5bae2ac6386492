import { Alert, Box, Button, FileInput, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { MEMBER_CSV_COLUMNS, MEMBER_CSV_HEADERS, type MemberCsvDetectedEncoding } from '@console/domain';
import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '@/lib/i18n';
import { isApiError } from '@/lib/api-error';
import { saveBlob } from '@/lib/download';
import { currentLocale } from '@/lib/i18n';
import { useImportMembers, usePreviewMemberImport, type MemberImport, type MemberImportRow } from '../api/import-members';
import '@/locales/ja/member-csv';

const TEMPLATE_FILENAME = 'members-template.csv';
/** The columns the template holds: those an import reads. */
const TEMPLATE_COLUMNS = MEMBER_CSV_COLUMNS.filter((c) => c === 'email' || c === 'organizationRole' || c === 'projectRoles');
const ENCODING_NAMES: Readonly<Record<MemberCsvDetectedEncoding, string>> = { 'utf-8-bom': 'UTF-8 (BOM)', 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' };
/** The table's narrowest width: in a narrower dialog it scrolls sideways. */
const TABLE_MIN_WIDTH = 640;

/** The template: UTF-8 with BOM (Excel opens it as such), the header in the console's language and an example row (docs/product-rules.md#member-csv). */
function downloadTemplate(): void {
  const headers = MEMBER_CSV_HEADERS[currentLocale()];
  const text = `\uFEFF${TEMPLATE_COLUMNS.map((c) => headers[c]).join(',')}\r\nsato@example.com,member,\r\n`;
  saveBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), TEMPLATE_FILENAME);
}

function ResultCell({ row, imported }: { row: MemberImportRow; imported: boolean }) {
  const { t } = useTranslation();
  if (row.errorCode === null) {
    return (
      <Text size="sm" c="teal.9" fw={500}>
        {imported ? t('memberCsv.invited') : t('memberCsv.valid')}
      </Text>
    );
  }
  return (
    <Text size="sm" c="red.9">
      {t(`errors.${row.errorCode}`)}
    </Text>
  );
}

function RowsTable({ result, imported, regionRef }: { result: MemberImport; imported: boolean; regionRef: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  return (
    // Focusable, so that the keyboard scrolls it too.
    <Box ref={regionRef} role="region" tabIndex={0} aria-label={t('memberCsv.tableLabel')} mah={360} style={{ overflow: 'auto' }}>
      <Table striped stickyHeader miw={TABLE_MIN_WIDTH} data-testid="member-import-rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('memberCsv.line')}</Table.Th>
            <Table.Th>{t('memberCsv.email')}</Table.Th>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('memberCsv.organizationRole')}</Table.Th>
            <Table.Th>{t('memberCsv.projectRoles')}</Table.Th>
            <Table.Th>{t('memberCsv.result')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {result.rows.map((row) => (
            <Table.Tr key={row.line} data-error-code={row.errorCode ?? ''}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
              <Table.Td>{row.organizationRole}</Table.Td>
              <Table.Td>{row.projectRoles}</Table.Td>
              <Table.Td>
                <ResultCell row={row} imported={imported} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/**
 * CSVからメンバーを招待 (docs/product-rules.md#member-csv): a file is checked first (each row with its
 * result, nothing sent), then its valid rows are invited, each row showing its outcome.
 */
export function MemberImportDialog({ organizationId, opened, onClose }: { organizationId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const preview = usePreviewMemberImport();
  const importing = useImportMembers();
  const imported = importing.data;
  const result = imported ?? preview.data;
  const failure = importing.error ?? preview.error;
  const validCount = preview.data?.rows.filter((r) => r.errorCode === null).length ?? 0;
  const busy = preview.isPending || importing.isPending;
  // The rows take the focus once they show (the button that asked for them is disabled meanwhile).
  const rowsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) rowsRef.current?.focus();
  }, [result]);

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    preview.reset();
    importing.reset();
  };
  const onPreview = (event: FormEvent) => {
    event.preventDefault();
    if (file) preview.mutate({ organizationId, file });
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('memberCsv.importTitle')}
      size="min(960px, 100%)"
      centered
      closeButtonProps={{ disabled: importing.isPending }}
    >
      <Stack gap="md">
        <Text size="sm">{t('memberCsv.importDescription')}</Text>
        <Group>
          <Button variant="subtle" onClick={downloadTemplate} px={0}>
            {t('memberCsv.template')}
          </Button>
        </Group>
        <form onSubmit={onPreview} noValidate>
          <Group align="flex-end" wrap="wrap">
            <FileInput
              label={t('memberCsv.file')}
              placeholder={t('memberCsv.filePlaceholder')}
              description={t('memberCsv.fileHint')}
              accept=".csv,text/csv"
              value={file}
              onChange={chooseFile}
              clearable
              clearButtonProps={{ 'aria-label': t('memberCsv.clearFile') }}
              disabled={busy || imported !== undefined}
              style={{ flex: '1 1 240px' }}
              data-testid="member-import-file"
            />
            <Button type="submit" variant="default" disabled={!file || imported !== undefined} loading={preview.isPending}>
              {t('memberCsv.preview')}
            </Button>
          </Group>
        </form>
        {failure ? (
          <Alert color="red" role="alert" title={importing.error ? t('memberCsv.importFailed') : t('memberCsv.previewFailed')}>
            {isApiError(failure) ? failure.message : String(failure)}
          </Alert>
        ) : null}
        {result ? (
          <>
            <Group gap="lg" role="status">
              <Text size="sm" fw={500}>
                {t('memberCsv.encoding', { encoding: ENCODING_NAMES[result.encoding] })}
              </Text>
              <Text size="sm" fw={500}>
                {imported
                  ? t('memberCsv.resultSummary', {
                      invited: imported.rows.filter((r) => r.errorCode === null).length,
                      failed: imported.rows.filter((r) => r.errorCode !== null).length,
                    })
                  : t('memberCsv.summary', { total: result.rows.length, valid: validCount })}
              </Text>
            </Group>
            <RowsTable result={result} imported={imported !== undefined} regionRef={rowsRef} />
          </>
        ) : (
          !failure && (
            <Text size="sm" c="dimmed">
              {t('memberCsv.empty')}
            </Text>
          )
        )}
        <Group justify="flex-end">
          {imported ? (
            <>
              <Button variant="default" onClick={() => chooseFile(null)}>
                {t('memberCsv.chooseAgain')}
              </Button>
              <Button onClick={onClose}>{t('memberCsv.close')}</Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={importing.isPending}>
                {t('common.cancel')}
              </Button>
              <Button
                onClick={() => file && importing.mutate({ organizationId, file })}
                disabled={!file || validCount === 0 || preview.data === undefined}
                loading={importing.isPending}
              >
                {t('memberCsv.submit', { count: validCount })}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
