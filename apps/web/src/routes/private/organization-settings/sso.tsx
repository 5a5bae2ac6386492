import { Alert, Button, Checkbox, Code, Group, Input, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { Actions, type SsoConnectionType } from '@console/domain';
import { useEffect, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PermissionTooltip } from '@/components/permission-tooltip';
import { SettingsForm } from '@/components/settings-form';
import { Spinner } from '@/components/spinner';
import { toastOutcome } from '@/components/toasts';
import { usePermissions } from '@/features/account';
import { OrganizationSettingsPage, useOrganizationDomains, useOrganizationSettings } from '@/features/organizations';
import { useChangeOrganizationSso, useOrganizationSso, type OrganizationSso } from '@/features/sso-settings';
import { useTranslation } from '@/lib/i18n';
import '@/locales/ja/sso';

/** The form's fields: the saved connection's settings (the client secret is never shown: empty keeps it). */
interface SsoDraft {
  type: SsoConnectionType;
  enabled: boolean;
  required: boolean;
  oidcIssuer: string;
  oidcClientId: string;
  oidcClientSecret: string;
  samlEntityId: string;
  samlSsoUrl: string;
  samlCertificate: string;
}

function draftOf({ connection }: OrganizationSso): SsoDraft {
  return {
    type: connection?.type ?? 'oidc',
    enabled: connection?.enabled ?? true,
    required: connection?.required ?? false,
    oidcIssuer: connection?.oidc?.issuer ?? '',
    oidcClientId: connection?.oidc?.clientId ?? '',
    oidcClientSecret: '',
    samlEntityId: connection?.saml?.entityId ?? '',
    samlSsoUrl: connection?.saml?.ssoUrl ?? '',
    samlCertificate: connection?.saml?.certificate ?? '',
  };
}

/** Whether the draft has what a save of its type needs (the secret: typed, or saved already for OIDC). */
function isComplete(draft: SsoDraft, saved: OrganizationSso): boolean {
  if (draft.type === 'oidc') {
    const hasSecret = draft.oidcClientSecret !== '' || (saved.connection?.type === 'oidc' && saved.connection.oidc?.hasClientSecret === true);
    return draft.oidcIssuer.trim() !== '' && draft.oidcClientId.trim() !== '' && hasSecret;
  }
  return draft.samlEntityId.trim() !== '' && draft.samlSsoUrl.trim() !== '' && draft.samlCertificate.trim() !== '';
}

/** A value the administrator registers at their identity provider, shown to copy. */
function ValueForIdentityProvider({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code data-testid={testId} style={{ wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Stack>
  );
}

/**
 * /organizations/{id}/settings/sso: the organization's single sign-on (docs/product-rules.md#single-sign-on) —
 * its OIDC or SAML connection, whether it is enabled and required, and the callback URL to
 * register at the identity provider. Organization admins (and system admins) only.
 */
export function Component() {
  const { t, language } = useTranslation();
  const { organization } = useOrganizationSettings();
  const can = usePermissions(organization);
  const allowed = can(Actions.OrganizationManageSso);
  const sso = useOrganizationSso(organization.id);
  const domains = useOrganizationDomains(organization.id);
  const { save, remove } = useChangeOrganizationSso();
  const [draft, setDraft] = useState<SsoDraft | null>(null);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    if (sso.data) setDraft(draftOf(sso.data));
  }, [sso.data]);

  if (sso.isError) throw sso.error;
  if (!sso.data || !draft) return <Spinner />;
  const saved = sso.data;
  const connection = saved.connection;
  const hasVerifiedDomain = domains.data?.some((domain) => domain.state === 'verified') ?? true;
  const set = (changes: Partial<SsoDraft>) => setDraft({ ...draft, ...changes });

  const onSave = () =>
    save.mutate(
      {
        organizationId: organization.id,
        type: draft.type,
        enabled: draft.enabled,
        required: draft.required,
        ...(draft.type === 'oidc'
          ? {
              oidcIssuer: draft.oidcIssuer.trim(),
              oidcClientId: draft.oidcClientId.trim(),
              ...(draft.oidcClientSecret === '' ? {} : { oidcClientSecret: draft.oidcClientSecret }),
            }
          : {
              samlEntityId: draft.samlEntityId.trim(),
              samlSsoUrl: draft.samlSsoUrl.trim(),
              // A request holds no line breaks: the API reads the PEM's lines from spaces.
              samlCertificate: draft.samlCertificate.replace(/\s+/g, ' ').trim(),
            }),
      },
      toastOutcome(t('sso.saved'), t('sso.saveFailed')),
    );

  return (
    <OrganizationSettingsPage title={t('sso.title')} maw={720}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('sso.description')}
        </Text>
        {!hasVerifiedDomain && <Alert color="yellow">{t('sso.noVerifiedDomain')}</Alert>}
        {connection?.disabledBySystemAdmin && !connection.enabled && <Alert color="red">{t('sso.disabledBySystemAdmin')}</Alert>}
        <SettingsForm canSave={isComplete(draft, saved)} saving={save.isPending} allowed={allowed} onSave={onSave}>
          <Select
            label={t('sso.type')}
            value={draft.type}
            allowDeselect={false}
            disabled={!allowed}
            onChange={(value) => set({ type: value === 'saml' ? 'saml' : 'oidc' })}
            data={[
              { value: 'oidc', label: t('sso.types.oidc') },
              { value: 'saml', label: t('sso.types.saml') },
            ]}
            maw={280}
          />
          {draft.type === 'oidc' ? (
            <>
              <TextInput
                label={t('sso.oidcIssuer')}
                placeholder={t('sso.oidcIssuerPlaceholder')}
                value={draft.oidcIssuer}
                disabled={!allowed}
                onChange={(e) => set({ oidcIssuer: e.currentTarget.value })}
              />
              <TextInput
                label={t('sso.oidcClientId')}
                value={draft.oidcClientId}
                disabled={!allowed}
                onChange={(e) => set({ oidcClientId: e.currentTarget.value })}
              />
              <PasswordInput
                label={t('sso.oidcClientSecret')}
                placeholder={connection?.oidc?.hasClientSecret ? t('sso.oidcClientSecretSaved') : undefined}
                value={draft.oidcClientSecret}
                disabled={!allowed}
                autoComplete="off"
                onChange={(e) => set({ oidcClientSecret: e.currentTarget.value })}
              />
            </>
          ) : (
            <>
              <TextInput
                label={t('sso.samlEntityId')}
                value={draft.samlEntityId}
                disabled={!allowed}
                onChange={(e) => set({ samlEntityId: e.currentTarget.value })}
              />
              <TextInput
                label={t('sso.samlSsoUrl')}
                value={draft.samlSsoUrl}
                disabled={!allowed}
                onChange={(e) => set({ samlSsoUrl: e.currentTarget.value })}
              />
              <Input.Wrapper
                id="sso-saml-certificate"
                label={t('sso.samlCertificate')}
                description={
                  connection?.saml?.certificateValidTo
                    ? t('sso.samlCertificateValidTo', { date: new Date(connection.saml.certificateValidTo).toLocaleDateString(language) })
                    : undefined
                }
              >
                {/* The wrapper's id is the textarea's (Input takes it from the wrapper), which its label names. */}
                <Input
                  component="textarea"
                  rows={8}
                  value={draft.samlCertificate}
                  disabled={!allowed}
                  styles={{ input: { fontFamily: 'monospace', fontSize: 12, height: 'auto', paddingBlock: 8 } }}
                  onChange={(e: ChangeEvent<HTMLTextAreaElement>) => set({ samlCertificate: e.currentTarget.value })}
                />
              </Input.Wrapper>
            </>
          )}
          <ValueForIdentityProvider label={t('sso.callbackUrl')} value={saved.callbackUrl} testId="sso-callback-url" />
          {draft.type === 'saml' && (
            <ValueForIdentityProvider label={t('sso.samlServiceProviderEntityId')} value={saved.samlEntityId} testId="sso-saml-entity-id" />
          )}
          <Checkbox label={t('sso.enabled')} checked={draft.enabled} disabled={!allowed} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          <Checkbox
            label={t('sso.required')}
            description={t('sso.requiredDescription')}
            checked={draft.required}
            disabled={!allowed}
            onChange={(e) => set({ required: e.currentTarget.checked })}
          />
        </SettingsForm>
        {connection && (
          <Group>
            <PermissionTooltip allowed={allowed}>
              <Button color="red" variant="outline" disabled={!allowed} onClick={() => setRemoving(true)}>
                {t('sso.remove')}
              </Button>
            </PermissionTooltip>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing}
        title={t('sso.removeTitle')}
        confirmLabel={t('common.delete')}
        danger
        loading={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() =>
          remove.mutate(organization.id, {
            ...toastOutcome(t('sso.removed'), t('sso.removeFailed')),
            onSettled: () => setRemoving(false),
          })
        }
      >
        {t('sso.removeConfirm')}
      </ConfirmDialog>
    </OrganizationSettingsPage>
  );
}
