import { Alert, Stack, Tabs, Title } from '@mantine/core';
import { Actions } from '@console/domain';
import { useDocumentTitle } from '@mantine/hooks';
import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { RoleTable } from '@/components/role-table';
import { TableSkeleton } from '@/components/table-skeleton';
import { usePermissions } from '@/features/account';
import { useOrganizationSettings } from '@/features/organizations';
import { ProductUsageTab, PROJECT_NAME_HEADING_SIZE, ProjectGeneralTab, ProjectKarteTab, ProjectMembersTab, useProject } from '@/features/projects';
import { isApiError } from '@/lib/api-error';
import { parseViewParam, PROJECT_SETTINGS_VIEWS, type ProjectSettingsView } from '@/lib/search-params';
import { i18n, useTranslation } from '@/lib/i18n';

/** Document title: the project name followed by the product name, or a loading text (docs/product-rules.md#routes). */
export function projectSettingsTitle(projectName: string | undefined): string {
  return projectName === undefined ? i18n.t('app.loading') : `${projectName} | ${i18n.t('app.title')}`;
}

/**
 * /organizations/{id}/settings/projects/{projectId}?view=… (docs/product-rules.md#routes): 基本情報, メンバー, ロール,
 * プロダクト利用設定 and (system admins) KARTE連携; changing tab updates `view`.
 */
export function Component() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const { organization } = useOrganizationSettings();
  const [search, setSearch] = useSearchParams();
  const project = useProject(projectId);
  const can = usePermissions(organization, project.data);
  useDocumentTitle(projectSettingsTitle(project.data?.name));

  const mayReadKarteMapping = can(Actions.KarteMappingRead);
  const views = PROJECT_SETTINGS_VIEWS.filter((v) => v !== 'karteMapping' || mayReadKarteMapping);
  const requested = parseViewParam(search.get('view'));
  const view: ProjectSettingsView = views.includes(requested) ? requested : 'general';

  if (project.isError) {
    if (isApiError(project.error) && project.error.status >= 400 && project.error.status < 500) {
      return <Alert color="gray">{t('projectSettings.notFound')}</Alert>;
    }
    throw project.error;
  }
  const data = project.data;
  const loaded = data !== undefined && data.organizationId === organization.id;

  return (
    <Stack gap="lg" maw={1080}>
      <Title order={1} size="h3" fz={PROJECT_NAME_HEADING_SIZE}>
        {data?.name ?? '\u00a0'}
      </Title>
      <Tabs
        value={view}
        onChange={(value) => {
          if (!value) return;
          setSearch(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('view', value);
              return next;
            },
            { preventScrollReset: true },
          );
        }}
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          {views.map((v) => (
            <Tabs.Tab key={v} value={v}>
              {t(`projectSettings.tabs.${v}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="general">
          {loaded ? <ProjectGeneralTab project={data} mayUpdate={can(Actions.ProjectUpdate)} /> : <TableSkeleton rows={3} columns={1} />}
        </Tabs.Panel>
        <Tabs.Panel value="members">
          <Suspense fallback={<TableSkeleton rows={3} columns={5} />}>
            {loaded ? <ProjectMembersTab organization={organization} project={data} can={can} /> : <TableSkeleton rows={3} columns={5} />}
          </Suspense>
        </Tabs.Panel>
        <Tabs.Panel value="roles">
          <RoleTable roles={loaded ? data.roles : undefined} loading={!loaded} />
        </Tabs.Panel>
        <Tabs.Panel value="productUsageSettings">
          <ProductUsageTab project={loaded ? data : undefined} loading={!loaded} mayChangePlan={can(Actions.ProjectUpdateProductSettings)} />
        </Tabs.Panel>
        {mayReadKarteMapping ? (
          <Tabs.Panel value="karteMapping">
            {loaded ? <ProjectKarteTab projectId={data.id} mayUpdate={can(Actions.KarteMappingWrite)} /> : <TableSkeleton rows={3} columns={1} />}
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
