import { MSG, type SessionUser, updateOwnContactBody } from '@intranet/contracts';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useSession } from '../../../app/session.tsx';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { useUpdateContact } from '../profile.api.ts';
import { formatPhone, phoneDigits } from '../profile.format.ts';

interface Contact {
  email: string;
  tell: string;
}

/** The two fields a user may change about themself: e-mail and telefone (PUT /api/me). */
export function ContactForm({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const saved: Contact = { email: user.email ?? '', tell: phoneDigits(user.tell ?? '') };
  const [values, setValues] = useState<Contact>(saved);
  const [errors, setErrors] = useState<FieldErrors<Contact>>({});
  const update = useUpdateContact();
  const dirty = values.email.trim() !== saved.email || values.tell !== saved.tell;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(updateOwnContactBody, values);
    setErrors(parsed.errors);
    if (!parsed.ok) return;
    update.mutate(parsed.data, {
      onSuccess: async () => {
        notifications.show({ color: 'green', message: MSG.dataUpdated });
        await refresh();
      },
      onError: (err) =>
        notifications.show({
          color: 'red',
          title: MSG.dataUpdateError,
          message: errorMessage(err, MSG.dataUpdateError),
        }),
    });
  };

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
            value={values.email}
            onChange={(e) => {
              const email = e.currentTarget.value;
              setValues((v) => ({ ...v, email }));
            }}
            error={errors.email}
            leftSection={<IconMail size={18} aria-hidden />}
            maxLength={255}
          />
          <TextInput
            label="Telefone"
            name="tell"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(00) 00000-0000"
            value={formatPhone(values.tell)}
            onChange={(e) => {
              const tell = phoneDigits(e.currentTarget.value);
              setValues((v) => ({ ...v, tell }));
            }}
            error={errors.tell}
            leftSection={<IconPhone size={18} aria-hidden />}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button
            type="submit"
            color="brand.9"
            loading={update.isPending}
            disabled={!dirty}
            w={{ base: '100%', xs: 'auto' }}
          >
            Salvar dados
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
