import { Avatar, Button, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { isSupportedImageType, SUPPORTED_IMAGE_TYPES } from '@console/domain';
import { useState, type FormEvent } from 'react';
import { useCurrentAccount } from '@/app/auth-state';
import { toast } from '@/components/toasts';
import { useUpdateAccount } from '@/features/account/api/update-account';
import { useUploadProfileImage } from '@/features/account/api/upload-profile-image';
import { t } from '@/locales';

/** /account/profile: avatar upload and delete, name, save (spec §2, §4, §5). */
export function Component() {
  const account = useCurrentAccount();
  const [name, setName] = useState(account.name ?? '');
  const [imageSrc, setImageSrc] = useState<string | null>(account.profileImageSrc);
  const upload = useUploadProfileImage();
  const update = useUpdateAccount();
  const savedName = account.name ?? '';
  const changed = name.trim() !== savedName || imageSrc !== account.profileImageSrc;

  function onFile(file: File | null) {
    if (!file) return;
    if (!isSupportedImageType(file.type)) {
      toast.error(t.account.imageUploadFailed, t.account.imageHint);
      return;
    }
    upload.mutate(file, {
      onSuccess: (url) => setImageSrc(url),
      onError: (error) => {
        console.error(error);
        toast.error(t.account.imageUploadFailed);
      },
    });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || update.isPending) return;
    const trimmed = name.trim();
    update.mutate(
      { name: trimmed === '' ? null : trimmed, profileImageSrc: imageSrc },
      {
        onSuccess: (saved) => {
          setName(saved.name ?? '');
          setImageSrc(saved.profileImageSrc);
          toast.success(t.account.profileUpdated);
        },
        onError: (error) => {
          console.error(error);
          toast.error(t.account.profileUpdateFailed);
        },
      },
    );
  }

  return (
    <Paper withBorder radius="md" p="xl">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t.account.profileImage}
            </Text>
            <Group gap="md">
              <Avatar src={imageSrc} size={72} radius="xl" color="indigo" alt={t.account.profileImage}>
                {(name || account.email).slice(0, 1).toUpperCase()}
              </Avatar>
              <Stack gap={6}>
                <Group gap="xs">
                  <FileButton onChange={onFile} accept={SUPPORTED_IMAGE_TYPES.join(',')}>
                    {(props) => (
                      <Button {...props} variant="default" size="xs" loading={upload.isPending}>
                        {t.account.uploadImage}
                      </Button>
                    )}
                  </FileButton>
                  <Button variant="subtle" color="red" size="xs" onClick={() => setImageSrc(null)} disabled={imageSrc === null}>
                    {t.account.deleteImage}
                  </Button>
                </Group>
                <Text size="xs" c="dimmed">
                  {t.account.imageHint}
                </Text>
              </Stack>
            </Group>
          </Stack>
          <TextInput label={t.account.name} placeholder={t.account.namePlaceholder} value={name} onChange={(e) => setName(e.currentTarget.value)} maw={400} />
          <Group>
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              {t.common.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
