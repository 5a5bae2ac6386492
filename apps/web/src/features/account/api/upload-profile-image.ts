import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /account/uploadProfileImage (multipart field profileImage): returns the image's URL. */
export async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('profileImage', file, file.name);
  const result = await unwrapRequired(
    apiClient.POST('/account/uploadProfileImage', { body: form, bodySerializer: (body) => body }),
  );
  return result.url;
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
