import { Box, Center, NavLink, Stack, Text, Title } from '@mantine/core';
import { enabledProducts, landingProduct, type ProductSettings } from '@console/domain';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { AccountMenu } from '@/components/account-menu';
import { BoxIcon } from '@/components/icons';
import { usePageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths, productHref } from '@/config/paths';
import { useCurrentAccount } from '@/features/account';
import { useOrganizationsOfAccount } from '@/features/organizations';
import { ProjectSwitcher, useProjectsInAccount } from '@/features/projects';
import { getLatestProductKey, setLatestProductKey, setLatestProjectId } from '@/lib/storage';
import { t } from '@/locales';

export const SIDEBAR_WIDTH = 280;

/** Remembers the project and product, then leaves the console for the product (full page). */
function goToProduct(projectId: string, product: { key: string; path: string }): void {
  setLatestProjectId(projectId);
  setLatestProductKey(projectId, product.key);
  window.location.assign(productHref(product.path, projectId));
}

/** /projects/{id} (spec §2). */
export function Component() {
  const { projectId = '' } = useParams();
  const account = useCurrentAccount();
  const organizations = useOrganizationsOfAccount();
  const projects = useProjectsInAccount();
  const project = projects.data?.find((p) => p.id === projectId);
  const settings = project?.productSettings as ProductSettings | undefined;
  const landing = useMemo(() => (project ? landingProduct(settings, getLatestProductKey(project.id)) : undefined), [project, settings]);
  usePageTitle(project?.name);

  useEffect(() => {
    if (!project) return;
    if (landing) goToProduct(project.id, landing);
    else setLatestProjectId(project.id);
  }, [project, landing]);

  if (organizations.isError) throw organizations.error;
  if (projects.isError) throw projects.error;
  if (organizations.isPending || projects.isPending) return <Spinner />;
  if (!project) return <Navigate to={paths.projects.list.getHref()} replace />;
  if (landing) return <Spinner />;

  const products = enabledProducts(settings);
  return (
    <Box style={{ display: 'flex', flex: 1, minHeight: 0 }}>
      <Box component="nav" w={SIDEBAR_WIDTH} p="md" style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-gray-3)', display: 'flex', flexDirection: 'column' }} bg="gray.0" data-testid="project-sidebar">
        <ProjectSwitcher organizations={organizations.data} projects={projects.data} current={project} />
        <Text size="xs" fw={700} c="dimmed" mt="lg" mb={4} px={4}>
          {t.projectLayout.products}
        </Text>
        {products.length === 0 ? (
          <Text size="sm" c="dimmed" px={4}>
            {t.projectLayout.noProducts}
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
      </Box>
      <Box component="main" style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
        <Center h="100%" p="xl">
          <Stack align="center" gap="xs">
            <Title order={1} size="h3">
              {project.name}
            </Title>
            <Text c="dimmed" size="sm">
              {products.length === 0 ? t.projectLayout.noProducts : t.projectLayout.chooseProduct}
            </Text>
          </Stack>
        </Center>
      </Box>
    </Box>
  );
}
