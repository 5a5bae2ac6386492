import { Container, Stack, Text, Title } from '@mantine/core';
import { t } from '@/locales';

/** Minimal stand-in for a screen that is wired in the router but not built yet. */
export function PlaceholderPage({ title, detail }: { title: string; detail?: string }) {
  return (
    <Container size="md" py="xl">
      <Stack gap="xs">
        <Title order={1} size="h3">
          {title}
        </Title>
        {detail ? <Text c="dimmed">{detail}</Text> : null}
        <Text c="dimmed">{t.placeholders.underConstruction}</Text>
      </Stack>
    </Container>
  );
}
