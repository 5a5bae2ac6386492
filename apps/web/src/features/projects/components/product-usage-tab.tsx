import { Select, Table, Text } from '@mantine/core';
import { PRODUCTS, planOf, type PlanKey, type Product, type ProductKey, type ProductSettings } from '@console/domain';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { TableSkeleton } from '@/components/table-skeleton';
import { useConfirmedAction } from '@/components/use-confirmed-action';
import { useTranslation } from '@/lib/i18n';
import type { ProjectDetail } from '../api/get-project';
import { useUpdateProject } from '../api/update-project';

interface PendingPlanChange {
  productKey: ProductKey;
  plan: PlanKey;
}

/**
 * プロダクト利用設定: product name and plan. System admins change the plan through a selector and
 * a confirmation (cancelling restores the prior plan); others see plain text (docs/product-rules.md#screens, #plans, #permissions).
 */
export function ProductUsageTab({ project, loading, mayChangePlan }: { project: ProjectDetail | undefined; loading: boolean; mayChangePlan: boolean }) {
  if (loading || !project) return <TableSkeleton rows={2} columns={2} />;
  return <ProductPlanTable project={project} mayChangePlan={mayChangePlan} />;
}

function ProductPlanTable({ project, mayChangePlan }: { project: ProjectDetail; mayChangePlan: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateProject();
  const settings = project.productSettings as ProductSettings;
  const products: readonly Product[] = PRODUCTS;
  const planChange = useConfirmedAction(
    (change: PendingPlanChange) => {
      const next: Record<string, { plan: PlanKey }> = {};
      for (const product of PRODUCTS) next[product.key] = { plan: planOf(settings, product.key) };
      next[change.productKey] = { plan: change.plan };
      return update.mutateAsync({ projectId: project.id, updateProps: { productSettings: next } });
    },
    { success: t('projectSettings.planChanged'), failure: t('projectSettings.planChangeFailed') },
  );
  const pending = planChange.target;

  const pendingProduct = pending ? products.find((p) => p.key === pending.productKey) : undefined;
  const pendingPlanName = pendingProduct?.plans.find((p) => p.key === pending?.plan)?.name ?? '';

  return (
    <>
      <DataTable
        verticalSpacing="sm"
        data-testid="product-table"
        columns={[{ label: t('projectSettings.product'), w: '40%' }, { label: t('projectSettings.plan') }]}
        rows={products}
        empty={t('projectSettings.noProducts')}
        renderRow={(product) => {
          const current = planOf(settings, product.key);
          const shown = pending?.productKey === product.key ? pending.plan : current;
          return (
            <Table.Tr key={product.key}>
              <Table.Td>{product.name}</Table.Td>
              <Table.Td>
                {mayChangePlan ? (
                  <Select
                    aria-label={t('projectSettings.planLabel', { product: product.name })}
                    data={product.plans.map((plan) => ({ value: plan.key, label: plan.name }))}
                    value={shown}
                    allowDeselect={false}
                    size="xs"
                    w={200}
                    onChange={(value) => {
                      const plan = product.plans.find((p) => p.key === value);
                      if (plan && plan.key !== current) planChange.request({ productKey: product.key, plan: plan.key });
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
      <ConfirmDialog {...planChange.dialog} title={t('projectSettings.planChangeTitle')} confirmLabel={t('projectSettings.planChangeConfirm')}>
        {pendingProduct ? t('projectSettings.planChangeMessage', { product: pendingProduct.name, plan: pendingPlanName }) : ''}
      </ConfirmDialog>
    </>
  );
}
