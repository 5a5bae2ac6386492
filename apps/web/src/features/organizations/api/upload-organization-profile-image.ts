import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /organization/uploadProfileImage (multipart: organizationId, profileImage): the image's URL. */
async function uploadOrganizationProfileImage(input: { organizationId: string; file: File }): Promise<string> {
  const form = new FormData();
  form.append('organizationId', input.organizationId);
  form.append('profileImage', input.file, input.file.name);
  // The typed body names the multipart fields; the request sends the FormData built above.
  const result = await unwrapRequired(
    apiClient.POST('/organization/uploadProfileImage', {
      body: { organizationId: input.organizationId, profileImage: input.file.name },
      bodySerializer: () => form,
    }),
  );
  return result.url;
}

export function useUploadOrganizationProfileImage() {
  return useMutation({ mutationFn: uploadOrganizationProfileImage });
}
