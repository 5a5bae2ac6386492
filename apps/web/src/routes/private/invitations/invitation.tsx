import { Anchor, Avatar, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { toast, toastWriteFailure } from '@/components/toasts';
import { paths } from '@/config/paths';
import { isInvalidInvitationError, isInvitationUsable, useAcceptInvitation, useInvitation } from '@/features/invitations';
import { parseInvitationParam } from '@/lib/search-params';
import { useTranslation } from '@/lib/i18n';

function InvalidInvitation() {
  const { t } = useTranslation();
  return (
    <Center component="main" style={{ flex: 1 }} p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack align="center" gap="md">
          <Title order={1} size="h3">
            {t('invitation.invalid')}
          </Title>
          <Anchor component={Link} to={paths.logout.getHref()}>
            {t('invitation.toLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </Center>
  );
}

function InvitationScreen({ invitationId }: { invitationId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const invitation = useInvitation(invitationId);
  const accept = useAcceptInvitation();

  if (invitation.isPending) return <Spinner />;
  if (invitation.isError) {
    if (isInvalidInvitationError(invitation.error)) return <InvalidInvitation />;
    throw invitation.error;
  }
  const { organization } = invitation.data;
  if (!isInvitationUsable(invitation.data, new Date()) || !organization) return <InvalidInvitation />;

  function onAccept() {
    accept.mutate(invitationId, {
      onSuccess: () => {
        toast.success(t('invitation.accepted'));
        void navigate(paths.projects.list.getHref(), { replace: true });
      },
      onError: (error) => {
        console.error(error);
        if (isInvalidInvitationError(error) && (error as { errorCode?: string }).errorCode === 'INVITATION_INVALID') toast.error(t('invitation.invalid'));
        else toastWriteFailure(t('invitation.acceptFailed'), error);
      },
    });
  }

  return (
    <Center component="main" style={{ flex: 1 }} p="md" bg="gray.0">
      <Paper withBorder shadow="sm" radius="md" p="xl" w="100%" maw={420}>
        <Stack align="center" gap="md">
          <Text size="sm" c="dimmed" fw={600}>
            {t('invitation.title')}
          </Text>
          <Avatar src={organization.profileImageSrc} size={72} radius="md" color="indigo" alt={organization.name}>
            {organization.name.slice(0, 1)}
          </Avatar>
          <Title order={1} size="h3" ta="center">
            {organization.name}
          </Title>
          <Text size="sm" c="dimmed" ta="center">
            {t('invitation.description', { organizationName: organization.name })}
          </Text>
          <Button size="md" fullWidth onClick={onAccept} loading={accept.isPending} autoFocus>
            {t('invitation.accept')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** /invitations/{id} (docs/product-rules.md#routes). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('invitation.title'));
  const params = useParams();
  const invitationId = parseInvitationParam(params.invitationId ?? null);
  if (!invitationId) return <InvalidInvitation />;
  return <InvitationScreen invitationId={invitationId} />;
}
