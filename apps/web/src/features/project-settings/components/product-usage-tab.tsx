import { Select, Table, Text } from '@mantine/core';
import { PRODUCTS, planOf, type PlanKey, type Product, type ProductKey, type ProductSettings } from '@console/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { toastOutcome } from '@/components/toasts';
import { TableSkeleton } from '@/features/organization-settings/components/table-skeleton';
import { t } from '@/locales';
import type { ProjectDetail } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';

interface PendingPlanChange {
  productKey: ProductKey;
  plan: PlanKey;
}

/**
 * プロダクト利用設定: product name and plan. System admins change the plan through a selector and
 * a confirmation (cancelling restores the prior plan); others see plain text (spec §2, §4, §6).
 */
export function ProductUsageTab({ project, loading, mayChangePlan }: { project: ProjectDetail | undefined; loading: boolean; mayChangePlan: boolean }) {
  const [pending, setPending] = useState<PendingPlanChange | null>(null);
  const update = useUpdateProject();

  if (loading || !project) return <TableSkeleton rows={2} columns={2} />;
  const settings = project.productSettings as ProductSettings;
  const products: readonly Product[] = PRODUCTS;

  function confirm() {
    if (!pending || !project) return;
    const next: Record<string, { plan: PlanKey }> = {};
    for (const product of PRODUCTS) next[product.key] = { plan: planOf(settings, product.key) };
    next[pending.productKey] = { plan: pending.plan };
    update.mutate(
      { projectId: project.id, updateProps: { productSettings: next } },
      { ...toastOutcome(t.projectSettings.planChanged, t.projectSettings.planChangeFailed), onSettled: () => setPending(null) },
    );
  }

  const pendingProduct = pending ? products.find((p) => p.key === pending.productKey) : undefined;
  const pendingPlanName = pendingProduct?.plans.find((p) => p.key === pending?.plan)?.name ?? '';

  return (
    <>
      <DataTable
        verticalSpacing="sm"
        data-testid="product-table"
        columns={[{ label: t.projectSettings.product, w: '40%' }, { label: t.projectSettings.plan }]}
        rows={products}
        empty={t.projectSettings.noProducts}
        renderRow={(product) => {
          const current = planOf(settings, product.key);
          const shown = pending?.productKey === product.key ? pending.plan : current;
          return (
            <Table.Tr key={product.key}>
              <Table.Td>{product.name}</Table.Td>
              <Table.Td>
                {mayChangePlan ? (
                  <Select
                    aria-label={t.projectSettings.planLabel(product.name)}
                    data={product.plans.map((plan) => ({ value: plan.key, label: plan.name }))}
                    value={shown}
                    allowDeselect={false}
                    size="xs"
                    w={200}
                    onChange={(value) => {
                      const plan = product.plans.find((p) => p.key === value);
                      if (plan && plan.key !== current) setPending({ productKey: product.key, plan: plan.key });
                    }}
                  />
                ) : (
                  <Text size="sm" data-testid="plan-text">
                    {product.plans.find((p) => p.key === current)?.name ?? current}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={t.projectSettings.planChangeTitle}
        confirmLabel={t.projectSettings.planChangeConfirm}
        loading={update.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      >
        {pendingProduct ? t.projectSettings.planChangeMessage(pendingProduct.name, pendingPlanName) : ''}
      </ConfirmDialog>
    </>
  );
}
