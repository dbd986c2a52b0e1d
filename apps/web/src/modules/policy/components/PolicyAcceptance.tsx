import { MSG } from '@intranet/contracts';
import { Button, Checkbox, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession, useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { useAcceptPolicy } from '../policy.api.ts';
import { PolicyText } from './PolicyText.tsx';

/** Title, policy text, agreement box and Salvar (spec §2 Policy): the body of both acceptance screens. */
export function PolicyAcceptance() {
  const user = useUser();
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [agreed, setAgreed] = useState(false);
  const accept = useAcceptPolicy();
  const [finishing, setFinishing] = useState(false);
  const saving = accept.isPending || finishing;

  const save = () => {
    accept.mutate(user.userId, {
      onSuccess: async () => {
        setFinishing(true);
        try {
          await refresh();
          navigate('/', { replace: true });
        } finally {
          setFinishing(false);
        }
      },
    });
  };

  return (
    <Stack gap={0}>
      <PageTitle
        title="Política de Uso"
        icon={<IconShieldCheck size={28} />}
        description="Para continuar, leia a política de uso da Intranet e confirme que concorda com os termos."
      />
      <Paper withBorder radius="md" bg="var(--mantine-color-body)">
        <ScrollArea.Autosize
          mah={{ base: '45dvh', sm: 'min(55dvh, 560px)' }}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-label': 'Texto da política de uso' }}
        >
          <Stack p={{ base: 'md', sm: 'lg' }}>
            <PolicyText />
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
      <Paper withBorder radius="md" p="md" mt="md" bg="var(--mantine-color-gray-0)">
        <Stack gap="md">
          <Checkbox
            label={MSG.policyCheckbox}
            checked={agreed}
            onChange={(e) => setAgreed(e.currentTarget.checked)}
            disabled={saving}
            color="brand.9"
            size="md"
          />
          <Group justify="space-between" gap="sm" wrap="wrap-reverse">
            <Text size="xs" c="dimmed" maw={420}>
              O aceite fica registrado com a sua matrícula, a data e a versão da política.
            </Text>
            <Button
              onClick={save}
              disabled={!agreed || saving}
              color="brand.9"
              miw={140}
              w={{ base: '100%', xs: 'auto' }}
            >
              {saving ? 'Salvando...' : 'Salvar'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
