import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrapRequired } from '@/lib/api-client';

/** POST /account/uploadProfileImage (multipart field profileImage): returns the image's URL. */
async function uploadProfileImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('profileImage', file, file.name);
  const result = await unwrapRequired(
    // The typed body names the multipart field; the request sends the FormData built above.
    apiClient.POST('/account/uploadProfileImage', { body: { profileImage: file.name }, bodySerializer: () => form }),
  );
  return result.url;
}

export function useUploadProfileImage() {
  return useMutation({ mutationFn: uploadProfileImage });
}
