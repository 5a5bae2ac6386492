import { Avatar, Button, FileButton, Group, Stack, Text, type MantineRadius } from '@mantine/core';
import { isSupportedImageType, SUPPORTED_IMAGE_TYPES } from '@console/domain';
import { useTranslation } from '@/lib/i18n';
import { PermissionTooltip } from './permission-tooltip';
import { toast } from './toasts';

export interface ImageFieldProps {
  /** The field's label, also the image's alternative text. */
  label: string;
  /** The catalogue section with the field's texts (uploadImage, deleteImage, imageHint, imageUploadFailed). */
  texts: 'account' | 'organizationSettings';
  src: string | null;
  /** Shown in place of a missing image. */
  initial: string;
  radius: MantineRadius;
  uploading: boolean;
  /** Without the permission the button is disabled and shows 権限がありません (docs/product-rules.md#permissions). */
  mayUpload?: boolean;
  mayDelete?: boolean;
  /** Called with a file of a supported type; any other is refused with an error toast (docs/product-rules.md#validation). */
  onUpload: (file: File) => void;
  onDelete: () => void;
}

/** An image in a form: the avatar, upload and delete buttons and the accepted formats (docs/product-rules.md#screens, #states). */
export function ImageField({ label, texts, src, initial, radius, uploading, mayUpload = true, mayDelete = true, onUpload, onDelete }: ImageFieldProps) {
  const { t } = useTranslation();
  function onFile(file: File | null) {
    if (!file) return;
    if (!isSupportedImageType(file.type)) {
      toast.error(t(`${texts}.imageUploadFailed`), t(`${texts}.imageHint`));
      return;
    }
    onUpload(file);
  }

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md">
        <Avatar src={src} size={72} radius={radius} color="indigo" alt={label}>
          {initial}
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <PermissionTooltip allowed={mayUpload}>
              <FileButton onChange={onFile} accept={SUPPORTED_IMAGE_TYPES.join(',')} disabled={!mayUpload}>
                {(props) => (
                  <Button {...props} variant="default" size="xs" loading={uploading} disabled={!mayUpload}>
                    {t(`${texts}.uploadImage`)}
                  </Button>
                )}
              </FileButton>
            </PermissionTooltip>
            <PermissionTooltip allowed={mayDelete}>
              <Button variant="subtle" color="red" size="xs" onClick={onDelete} disabled={!mayDelete || src === null}>
                {t(`${texts}.deleteImage`)}
              </Button>
            </PermissionTooltip>
          </Group>
          <Text size="xs" c="dimmed">
            {t(`${texts}.imageHint`)}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
