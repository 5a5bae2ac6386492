import { Button } from '@mantine/core';
import { GoogleIcon } from '@/components/icons';

export function GoogleButton({ label, onClick, loading, disabled }: { label: string; onClick: () => void; loading?: boolean; disabled?: boolean }) {
  return (
    <Button variant="default" fullWidth size="md" leftSection={<GoogleIcon />} onClick={onClick} loading={loading} disabled={disabled} type="button">
      {label}
    </Button>
  );
}
