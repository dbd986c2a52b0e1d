import {
  assignablePrivileges,
  BRANCH_LABEL,
  type BranchName,
  canGrantSupport,
  canManageUsers,
  forcedSuport,
  grantableBranches,
  grantableSectors,
  LIMITS,
  MSG,
  NEW_USER_DEFAULTS,
  PRIVILEGE_OPTIONS,
  type RegisterUserFormInput,
  registerUserForm,
} from '@intranet/contracts';
import {
  Button,
  Group,
  MultiSelect,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client.ts';
import { useUser } from '../../../app/session.tsx';
import { type FieldErrors, validate } from '../../../ui/form-errors.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { useBranches, useCreateUser, useSectors } from '../users.api.ts';

export function RegisterUserPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageUsers(user)}>
      <RegisterUserForm
        grants={{
          privileges: assignablePrivileges(user),
          sectors: grantableSectors(user),
          branches: grantableBranches(user),
          suport: canGrantSupport(user),
        }}
      />
    </RequireAccess>
  );
}

interface FormValues {
  nome: string;
  matricula: string;
  cpf: string;
  email: string;
  tell: string;
  senha: string;
  confirmSenha: string;
  filial: string;
  setor: string;
  setores: string[];
  filiais: string[];
  privilegio: string;
  suport: boolean;
}

/** What the caller may give a new account (a Gestor: Usuário, his own sectors and branches, no support). */
interface Grants {
  privileges: number[];
  sectors: string[];
  branches: string[];
  suport: boolean;
}

const EMPTY: FormValues = {
  nome: '',
  matricula: '',
  cpf: '',
  email: '',
  tell: '',
  senha: '',
  confirmSenha: '',
  filial: NEW_USER_DEFAULTS.filial,
  setor: NEW_USER_DEFAULTS.setor,
  setores: [],
  filiais: [],
  privilegio: String(NEW_USER_DEFAULTS.privilegio),
  suport: false,
};

/** 000.000.000-00 as the digits are typed (at most 11). */
function maskCpf(value: string): string {
  const d = value.replace(/\D/g, '').slice(0, LIMITS.cpfDigits);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** The spec's defaults when the caller may give them, else the first sector and branch it may give. */
const initialValues = (grants: Grants): FormValues => ({
  ...EMPTY,
  setor: grants.sectors.includes(EMPTY.setor) ? EMPTY.setor : (grants.sectors[0] ?? EMPTY.setor),
  filial: grants.branches.includes(EMPTY.filial) ? EMPTY.filial : (grants.branches[0] ?? EMPTY.filial),
});

function RegisterUserForm({ grants }: { grants: Grants }) {
  const { privileges } = grants;
  const navigate = useNavigate();
  const sectors = useSectors();
  const branches = useBranches();
  const create = useCreateUser();
  const [values, setValues] = useState<FormValues>(() => initialValues(grants));
  const [errors, setErrors] = useState<FieldErrors<RegisterUserFormInput>>({});
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const privilegio = Number(values.privilegio);
  const suportForced = forcedSuport(privilegio, 0) === 1;
  const sectorNames = (sectors.data ?? []).map((s) => s.name).filter((name) => grants.sectors.includes(name));
  const branchOptions = (branches.data ?? [])
    .filter((b) => grants.branches.includes(b.name))
    .map((b) => ({
      value: b.name,
      label: BRANCH_LABEL[b.name as BranchName] ?? b.label,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(registerUserForm, {
      ...values,
      privilegio,
      suport: grants.suport && values.suport ? 1 : 0,
      setores: values.setores,
      filiais: values.filiais,
    });
    setErrors(checked.errors);
    if (!checked.ok) return;
    try {
      await create.mutateAsync(checked.data);
      notifications.show({ color: 'green', message: MSG.userCreated });
      navigate('/setusers');
    } catch (err) {
      const reason = errorMessage(err, MSG.requestNotSent);
      notifications.show({
        color: 'red',
        message: reason.startsWith('Falha ao cadastrar usuário') ? reason : MSG.userCreateFailed(reason),
      });
    }
  };

  return (
    <>
      <PageTitle
        title="Cadastrar Usuário"
        description="Crie o acesso de um colaborador à intranet."
        icon={<IconUserPlus size={28} />}
      />
      <Paper
        withBorder
        radius="md"
        p={{ base: 'md', sm: 'xl' }}
        component="form"
        onSubmit={submit}
        noValidate
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Nome"
              required
              maxLength={LIMITS.userNameMax}
              value={values.nome}
              onChange={(e) => set('nome', e.currentTarget.value)}
              error={errors.nome}
            />
            <TextInput
              label="Matrícula"
              required
              inputMode="numeric"
              maxLength={LIMITS.userRegistrationMax}
              value={values.matricula}
              onChange={(e) => set('matricula', e.currentTarget.value.replace(/\D/g, ''))}
              error={errors.matricula}
            />
            <TextInput
              label="CPF"
              inputMode="numeric"
              placeholder="000.000.000-00"
              value={values.cpf}
              onChange={(e) => set('cpf', maskCpf(e.currentTarget.value))}
              error={errors.cpf}
            />
            <TextInput
              label="E-mail"
              type="email"
              placeholder="nome@rotasul.com.br"
              value={values.email}
              onChange={(e) => set('email', e.currentTarget.value)}
              error={errors.email}
            />
            <TextInput
              label="Telefone"
              inputMode="tel"
              maxLength={20}
              value={values.tell}
              onChange={(e) => set('tell', e.currentTarget.value)}
              error={errors.tell}
            />
            <Select
              label="Privilégio"
              data={PRIVILEGE_OPTIONS.filter((o) => privileges.includes(o.value)).map((o) => ({
                value: String(o.value),
                label: o.label,
              }))}
              value={values.privilegio}
              onChange={(v) => v && set('privilegio', v)}
              allowDeselect={false}
              error={errors.privilegio}
            />
            <PasswordInput
              label="Senha"
              required
              autoComplete="new-password"
              value={values.senha}
              onChange={(e) => set('senha', e.currentTarget.value)}
              error={errors.senha}
            />
            <PasswordInput
              label="Confirmar senha"
              required
              autoComplete="new-password"
              value={values.confirmSenha}
              onChange={(e) => set('confirmSenha', e.currentTarget.value)}
              error={errors.confirmSenha}
            />
            <Select
              label="Filial"
              data={branchOptions}
              value={values.filial}
              onChange={(v) => v && set('filial', v)}
              allowDeselect={false}
              error={errors.filial}
            />
            <Select
              label="Setor"
              data={sectorNames}
              value={values.setor}
              onChange={(v) => v && set('setor', v)}
              allowDeselect={false}
              searchable
              error={errors.setor}
            />
            <MultiSelect
              label="Outras filiais"
              data={branchOptions.filter((b) => b.value !== values.filial)}
              value={values.filiais.filter((f) => f !== values.filial)}
              onChange={(v) => set('filiais', v)}
            />
            <MultiSelect
              label="Outros setores"
              data={sectorNames.filter((s) => s !== values.setor)}
              value={values.setores.filter((s) => s !== values.setor)}
              onChange={(v) => set('setores', v)}
              searchable
            />
          </SimpleGrid>
          {grants.suport ? (
            <Switch
              label="Suporte"
              description={
                suportForced ? 'Administrador e Gestor são sempre suporte.' : 'Atende chamados do seu setor.'
              }
              checked={suportForced || values.suport}
              disabled={suportForced}
              onChange={(e) => set('suport', e.currentTarget.checked)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate('/setusers')}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending}>
              Cadastrar
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
