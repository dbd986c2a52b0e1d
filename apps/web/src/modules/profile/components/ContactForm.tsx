import { EMAIL_MAX, type SessionUser, updateOwnContactBody } from '@intranet/contracts';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useSession } from '../../../platform/session.tsx';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { digitsOnly } from '../../../ui/form/masks.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { useUpdateContact } from '../profile.api.ts';

/** The two fields a user may change about themself: e-mail and telefone (PUT /api/me). */
export function ContactForm({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const update = useUpdateContact();
  const form = useContractForm(updateOwnContactBody, {
    initialValues: { email: user.email ?? '', tell: digitsOnly(user.tell ?? '') },
  });
  const submit = form.onSubmit((body) =>
    update.mutate(body, {
      onSuccess: async (_reply, sent) => {
        form.resetDirty({ email: sent.email ?? '', tell: sent.tell ?? '' });
        await refresh();
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Contato">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="E-mail"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            {...form.getInputProps('email')}
            leftSection={<IconMail size={18} aria-hidden />}
            maxLength={EMAIL_MAX}
          />
          <MaskedInput
            mask="phone"
            label="Telefone"
            name="tell"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            {...form.getInputProps('tell')}
            leftSection={<IconPhone size={18} aria-hidden />}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            color="brand.9"
            loading={update.isPending}
            disabled={!form.isDirty()}
            w={{ base: '100%', xs: 'auto' }}
          >
            Salvar dados
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
