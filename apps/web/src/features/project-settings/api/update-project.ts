import type { PlanKey } from '@console/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { projectKeys } from '@/features/projects/api/get-projects-in-account';
import { apiClient, unwrapRequired } from '@/lib/api-client';
import type { ProjectDetail } from './get-project';

export interface UpdateProjectInput {
  projectId: string;
  updateProps: { name?: string; productSettings?: Record<string, { plan: PlanKey }> };
}

/** POST /project/update: the name, or (system admins) the product settings. */
export async function updateProject(input: UpdateProjectInput): Promise<ProjectDetail> {
  return unwrapRequired(apiClient.POST('/project/update', { body: input }));
}

export function useUpdateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project, input) => {
      client.setQueryData(projectKeys.detail(input.projectId), project);
      await client.invalidateQueries({ queryKey: projectKeys.all });
    },
  });
}
