import type { PlanKey } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import { projectKeys } from '../keys';
import type { ProjectDetail } from './get-project';

interface UpdateProjectInput {
  projectId: string;
  updateProps: { name?: string; productSettings?: Record<string, { plan: PlanKey }> };
}

/** POST /project/update: the name, or (system admins) the product settings. */
async function updateProject(input: UpdateProjectInput): Promise<ProjectDetail> {
  return unwrapRequired(apiClient.POST('/project/update', { body: input }));
}

export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project, input) => {
      client.setQueryData(projectKeys.detail(input.projectId), project);
      await Promise.all([client.invalidateQueries({ queryKey: projectKeys.all }), client.invalidateQueries({ queryKey: projectKeys.inAccount() })]);
    },
  });
}
