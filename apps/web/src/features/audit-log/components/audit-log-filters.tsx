import { Group, Select, TextInput, type ComboboxItem } from '@mantine/core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES, isAuditAction, isAuditTargetType } from '@console/domain';
import { useTranslation } from '@/lib/i18n';
import { auditActionLabel, auditTargetTypeLabel } from '../audit-format';
import type { AuditLogFilters } from '../filters';
import '@/locales/ja/audit-log';

export interface AuditLogFiltersProps {
  filters: AuditLogFilters;
  onChange: (filters: AuditLogFilters) => void;
  /** The accounts one may pick as the actor (value: account id). */
  actorOptions: readonly ComboboxItem[];
  /** Given (the system-wide log): an organization filter with these organizations. */
  organizationOptions?: readonly ComboboxItem[];
}

/** The audit log's filters: organization (system admin), action, kind of target, actor and a range of days. */
export function AuditLogFilterBar({ filters, onChange, actorOptions, organizationOptions }: AuditLogFiltersProps) {
  const { t } = useTranslation();
  const actionOptions: ComboboxItem[] = AUDIT_ACTIONS.map((action) => ({ value: action, label: auditActionLabel(action) }));
  const targetTypeOptions: ComboboxItem[] = AUDIT_TARGET_TYPES.map((type) => ({ value: type, label: auditTargetTypeLabel(type) }));
  const set = (patch: Partial<AuditLogFilters>) => onChange({ ...filters, ...patch });
  const comboboxProps = { withinPortal: true };
  return (
    <Group role="search" aria-label={t('auditLog.filtersLabel')} gap="sm" align="flex-end" wrap="wrap">
      {organizationOptions ? (
        <Select
          label={t('auditLog.organizationFilter')}
          aria-label={t('auditLog.organizationFilter')}
          placeholder={t('auditLog.all')}
          data={organizationOptions}
          value={filters.organizationId}
          onChange={(organizationId) => set({ organizationId })}
          searchable
          clearable
          comboboxProps={comboboxProps}
          w={180}
        />
      ) : null}
      <Select
        label={t('auditLog.actionFilter')}
        aria-label={t('auditLog.actionFilter')}
        placeholder={t('auditLog.all')}
        data={actionOptions}
        value={filters.action}
        onChange={(action) => set({ action: isAuditAction(action) ? action : null })}
        searchable
        clearable
        comboboxProps={comboboxProps}
        w={180}
      />
      <Select
        label={t('auditLog.targetTypeFilter')}
        aria-label={t('auditLog.targetTypeFilter')}
        placeholder={t('auditLog.all')}
        data={targetTypeOptions}
        value={filters.targetType}
        onChange={(targetType) => set({ targetType: isAuditTargetType(targetType) ? targetType : null })}
        clearable
        comboboxProps={comboboxProps}
        w={150}
      />
      <Select
        label={t('auditLog.actorFilter')}
        aria-label={t('auditLog.actorFilter')}
        placeholder={t('auditLog.all')}
        data={actorOptions}
        value={filters.actorAccountId}
        onChange={(actorAccountId) => set({ actorAccountId })}
        searchable
        clearable
        comboboxProps={comboboxProps}
        w={180}
      />
      <TextInput
        type="date"
        label={t('auditLog.fromFilter')}
        aria-label={t('auditLog.fromFilter')}
        value={filters.from}
        max={filters.to || undefined}
        onChange={(e) => set({ from: e.currentTarget.value })}
        w={140}
      />
      <TextInput
        type="date"
        label={t('auditLog.toFilter')}
        aria-label={t('auditLog.toFilter')}
        value={filters.to}
        min={filters.from || undefined}
        onChange={(e) => set({ to: e.currentTarget.value })}
        w={140}
      />
    </Group>
  );
}
