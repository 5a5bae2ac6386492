import { Avatar, Button, FileButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Actions, isSupportedImageType, SUPPORTED_IMAGE_TYPES } from '@console/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { usePageTitle } from '@/components/page-title';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { toast } from '@/components/toasts';
import { useUpdateOrganization } from '@/features/organization-settings/api/update-organization';
import { useUploadOrganizationProfileImage } from '@/features/organization-settings/api/upload-organization-profile-image';
import { useOrganizationSettings } from '@/features/organization-settings/context';
import { usePermissions } from '@/features/organization-settings/permissions';
import { t } from '@/locales';

/** /organizations/{id}/settings/general: avatar upload and delete, name, save (spec §2, §4). */
export function Component() {
  const { organization } = useOrganizationSettings();
  usePageTitle(`${t.organizationSettings.general} - ${organization.name}`);
  const can = usePermissions(organization);
  const mayUpdate = can(Actions.OrganizationUpdate);
  const mayUpload = can(Actions.OrganizationUploadImage);
  const [name, setName] = useState(organization.name);
  const [imageSrc, setImageSrc] = useState<string | null>(organization.profileImageSrc);
  const upload = useUploadOrganizationProfileImage();
  const update = useUpdateOrganization();

  useEffect(() => {
    setName(organization.name);
    setImageSrc(organization.profileImageSrc);
  }, [organization.name, organization.profileImageSrc]);

  const trimmed = name.trim();
  const changed = trimmed !== organization.name || imageSrc !== organization.profileImageSrc;

  function onFile(file: File | null) {
    if (!file) return;
    if (!isSupportedImageType(file.type)) {
      toast.error(t.organizationSettings.imageUploadFailed, t.organizationSettings.imageHint);
      return;
    }
    upload.mutate(
      { organizationId: organization.id, file },
      {
        onSuccess: (url) => setImageSrc(url),
        onError: (error) => {
          console.error(error);
          toast.error(t.organizationSettings.imageUploadFailed);
        },
      },
    );
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed || trimmed === '' || !mayUpdate || update.isPending) return;
    update.mutate(
      { organizationId: organization.id, updateProps: { name: trimmed, profileImageSrc: imageSrc } },
      {
        onSuccess: () => toast.success(t.organizationSettings.updated),
        onError: (error) => {
          console.error(error);
          toast.error(t.organizationSettings.updateFailed);
        },
      },
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h3">
        {t.organizationSettings.general}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t.organizationSettings.image}
              </Text>
              <Group gap="md">
                <Avatar src={imageSrc} size={72} radius="md" color="indigo" alt={t.organizationSettings.image}>
                  {(name || organization.name).slice(0, 1)}
                </Avatar>
                <Stack gap={6}>
                  <Group gap="xs">
                    <PermissionTooltip allowed={mayUpload}>
                      <FileButton onChange={onFile} accept={SUPPORTED_IMAGE_TYPES.join(',')} disabled={!mayUpload}>
                        {(props) => (
                          <Button {...props} variant="default" size="xs" loading={upload.isPending} disabled={!mayUpload}>
                            {t.organizationSettings.uploadImage}
                          </Button>
                        )}
                      </FileButton>
                    </PermissionTooltip>
                    <PermissionTooltip allowed={mayUpdate}>
                      <Button variant="subtle" color="red" size="xs" onClick={() => setImageSrc(null)} disabled={!mayUpdate || imageSrc === null}>
                        {t.organizationSettings.deleteImage}
                      </Button>
                    </PermissionTooltip>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {t.organizationSettings.imageHint}
                  </Text>
                </Stack>
              </Group>
            </Stack>
            <TextInput
              label={t.organizationSettings.name}
              placeholder={t.organizationSettings.namePlaceholder}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              readOnly={!mayUpdate}
              maw={400}
            />
            <Group>
              <PermissionTooltip allowed={mayUpdate}>
                <Button type="submit" disabled={!mayUpdate || !changed || trimmed === ''} loading={update.isPending}>
                  {t.common.save}
                </Button>
              </PermissionTooltip>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
