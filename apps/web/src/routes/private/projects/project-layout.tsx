import { Box, Center, NavLink, Stack, Text, Title } from '@mantine/core';
import { enabledProducts, landingProduct, type ProductSettings } from '@console/domain';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { BoxIcon } from '@/components/icons';
import { usePageTitle } from '@/components/page-title';
import { SidebarLayout } from '@/components/sidebar-layout';
import { Spinner } from '@/components/spinner';
import { paths, productHref } from '@/config/paths';
import { useCurrentAccount } from '@/features/account';
import { PROJECT_NAME_HEADING_SIZE, ProjectSwitcher, useProject } from '@/features/projects';
import { isClientError } from '@/lib/api-error';
import { getLatestProductKey, setLatestProductKey, setLatestProjectId } from '@/lib/storage';
import { useTranslation } from '@/lib/i18n';

/** Remembers the project and product, then leaves the console for the product (full page). */
function goToProduct(projectId: string, product: { key: string; path: string }): void {
  setLatestProjectId(projectId);
  setLatestProductKey(projectId, product.key);
  window.location.assign(productHref(product.path, projectId));
}

/** /projects/{id} (docs/product-rules.md#routes). */
export function Component() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const account = useCurrentAccount();
  // Read on its own: the switcher searches the account's projects a page at a time.
  const current = useProject(projectId);
  const project = current.data;
  const settings = project?.productSettings as ProductSettings | undefined;
  const landing = useMemo(() => (project ? landingProduct(settings, getLatestProductKey(project.id)) : undefined), [project, settings]);
  usePageTitle(project?.name);

  useEffect(() => {
    if (!project) return;
    if (landing) goToProduct(project.id, landing);
    else setLatestProjectId(project.id);
  }, [project, landing]);

  // An unknown project (or one the account may not see) leads back to the list.
  if (current.isError && !isClientError(current.error)) throw current.error;
  if (current.isError) return <Navigate to={paths.projects.list.getHref()} replace />;
  if (project === undefined) return <Spinner />;
  if (landing) return <Spinner />;

  const products = enabledProducts(settings);
  return (
    <SidebarLayout
      label={t('projectLayout.navLabel')}
      title={project.name}
      data-testid="project-sidebar"
      sidebar={
        <>
          <ProjectSwitcher current={project} />
          <Text size="xs" fw={700} c="dimmed" mt="lg" mb={4} px={4}>
            {t('projectLayout.products')}
          </Text>
          {products.length === 0 ? (
            <Text size="sm" c="dimmed" px={4}>
              {t('projectLayout.noProducts')}
            </Text>
          ) : (
            <Stack gap={2}>
              {products.map((product) => (
                <NavLink
                  key={product.key}
                  href={productHref(product.path, project.id)}
                  label={product.name}
                  leftSection={<BoxIcon size={16} />}
                  onClick={() => {
                    setLatestProjectId(project.id);
                    setLatestProductKey(project.id, product.key);
                  }}
                  style={{ borderRadius: 6 }}
                />
              ))}
            </Stack>
          )}
          <Box mt="auto" pt="md">
            <AccountMenu account={account} showName />
          </Box>
        </>
      }
    >
      <Outlet />
      <Center h="100%" p={{ base: 'md', sm: 'xl' }}>
        <Stack align="center" gap="xs">
          <Title order={1} size="h3" fz={PROJECT_NAME_HEADING_SIZE} ta="center">
            {project.name}
          </Title>
          <Text c="dimmed" size="sm" ta="center">
            {products.length === 0 ? t('projectLayout.noProducts') : t('projectLayout.chooseProduct')}
          </Text>
        </Stack>
      </Center>
    </SidebarLayout>
  );
}
