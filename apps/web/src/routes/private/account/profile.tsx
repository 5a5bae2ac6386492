import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { ImageField } from '@/components/image-field';
import { SettingsForm } from '@/components/settings-form';
import { toast, toastOnError } from '@/components/toasts';
import { useCurrentAccount, useUpdateAccount, useUploadProfileImage } from '@/features/account';
import { useTranslation } from '@/lib/i18n';
import { AccountDataSection } from './account-data-section';
import '@/locales/ja/account';

/** /account/profile: avatar upload and delete, name, save (docs/product-rules.md#routes, #states, #validation); then the account's data and its deletion. */
export function Component() {
  const { t } = useTranslation();
  const account = useCurrentAccount();
  const [name, setName] = useState(account.name ?? '');
  const [imageSrc, setImageSrc] = useState<string | null>(account.profileImageSrc);
  const upload = useUploadProfileImage();
  const update = useUpdateAccount();
  const savedName = account.name ?? '';
  const changed = name.trim() !== savedName || imageSrc !== account.profileImageSrc;

  function save() {
    const trimmed = name.trim();
    update.mutate(
      { name: trimmed === '' ? null : trimmed, profileImageSrc: imageSrc },
      {
        onSuccess: (saved) => {
          setName(saved.name ?? '');
          setImageSrc(saved.profileImageSrc);
          toast.success(t('account.profileUpdated'));
        },
        onError: toastOnError(t('account.profileUpdateFailed')),
      },
    );
  }

  return (
    <>
      <SettingsForm canSave={changed} saving={update.isPending} onSave={save}>
        <ImageField
          label={t('account.profileImage')}
          texts="account"
          src={imageSrc}
          initial={(name || account.email).slice(0, 1).toUpperCase()}
          radius="xl"
          uploading={upload.isPending}
          onUpload={(file) => upload.mutate(file, { onSuccess: (url) => setImageSrc(url), onError: toastOnError(t('account.imageUploadFailed')) })}
          onDelete={() => setImageSrc(null)}
        />
        <TextInput
          label={t('account.name')}
          placeholder={t('account.namePlaceholder')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maw={400}
        />
      </SettingsForm>
      <AccountDataSection />
    </>
  );
}
