import {
  assignablePrivileges,
  canGrantSupport,
  canManageUsers,
  forcedSuport,
  grantableBranches,
  grantableSectors,
  LIMITS,
  NEW_USER_DEFAULTS,
  newUserPlace,
  type OrgList,
  PRIVILEGE_OPTIONS,
  type RegisterUserFormInput,
  registerUserForm,
  SECTOR_MSG,
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
import { IconUserPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useOrg } from '../../../api/org.ts';
import { useUser } from '../../../platform/session.tsx';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { LoadState } from '../../../ui/LoadState.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { useCreateUser } from '../users.api.ts';

export function RegisterUserPage() {
  const user = useUser();
  const org = useOrg();
  return (
    <RequireAccess allowed={canManageUsers(user)}>
      {/* The form starts from what the caller may give: the database's active sectors and branches. */}
      <LoadState
        isPending={org.isPending}
        error={org.error}
        isEmpty={false}
        skeletons={[520]}
        errorText={SECTOR_MSG.loadError}
        emptyText=""
      >
        {org.data ? (
          <RegisterUserForm
            org={org.data}
            grants={{
              privileges: assignablePrivileges(user),
              sectors: grantableSectors(user, org.data),
              branches: grantableBranches(user, org.data),
              suport: canGrantSupport(user),
            }}
          />
        ) : null}
      </LoadState>
    </RequireAccess>
  );
}

/** What the caller may give a new account (a Gestor: Usuário, his own sectors and branches, no support). */
interface Grants {
  privileges: number[];
  sectors: string[];
  branches: string[];
  suport: boolean;
}

/**
 * Where a new user starts (newUserPlace: the sector playing HR's part, the oldest active branch) when
 * the caller may give it, else the first sector and branch he may give.
 */
function initialValues(grants: Grants, org: OrgList): RegisterUserFormInput {
  const place = newUserPlace(org);
  const pick = (wanted: string, offered: string[]) =>
    offered.includes(wanted) ? wanted : (offered[0] ?? wanted);
  return {
    nome: '',
    matricula: '',
    cpf: '',
    email: '',
    tell: '',
    senha: '',
    confirmSenha: '',
    filial: pick(place.filial, grants.branches),
    setor: pick(place.setor, grants.sectors),
    setores: [],
    filiais: [],
    privilegio: NEW_USER_DEFAULTS.privilegio,
    suport: 0,
  };
}

function RegisterUserForm({ grants, org }: { grants: Grants; org: OrgList }) {
  const { privileges } = grants;
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useContractForm(registerUserForm, { initialValues: initialValues(grants, org) });
  const values = form.values;

  const suportForced = forcedSuport(values.privilegio ?? NEW_USER_DEFAULTS.privilegio, 0) === 1;
  const sectorNames = grants.sectors;
  const branchOptions = org.branches
    .filter((b) => grants.branches.includes(b.name))
    .map((b) => ({ value: b.name, label: b.label }));

  const submit = form.onSubmit((body) => create.mutate(body, { onSuccess: () => navigate('/setusers') }));

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
            <TextInput label="Nome" required maxLength={LIMITS.userNameMax} {...form.getInputProps('nome')} />
            <MaskedInput
              label="Matrícula"
              mask="userRegistration"
              required
              {...form.getInputProps('matricula')}
            />
            <MaskedInput label="CPF" mask="cpf" placeholder="000.000.000-00" {...form.getInputProps('cpf')} />
            <TextInput
              label="E-mail"
              type="email"
              placeholder="nome@rotasul.com.br"
              {...form.getInputProps('email')}
            />
            <MaskedInput label="Telefone" mask="phone" {...form.getInputProps('tell')} />
            <Select
              label="Privilégio"
              data={PRIVILEGE_OPTIONS.filter((o) => privileges.includes(o.value)).map((o) => ({
                value: String(o.value),
                label: o.label,
              }))}
              value={String(values.privilegio)}
              onChange={(v) => v && form.setFieldValue('privilegio', Number(v))}
              allowDeselect={false}
              error={form.errors.privilegio}
            />
            <PasswordInput
              label="Senha"
              required
              autoComplete="new-password"
              {...form.getInputProps('senha')}
            />
            <PasswordInput
              label="Confirmar senha"
              required
              autoComplete="new-password"
              {...form.getInputProps('confirmSenha')}
            />
            <Select
              label="Filial"
              data={branchOptions}
              {...form.getInputProps('filial')}
              allowDeselect={false}
            />
            <Select
              label="Setor"
              data={sectorNames}
              {...form.getInputProps('setor')}
              allowDeselect={false}
              searchable
            />
            <MultiSelect
              label="Outras filiais"
              data={branchOptions.filter((b) => b.value !== values.filial)}
              value={(values.filiais ?? []).filter((f) => f !== values.filial)}
              onChange={(v) => form.setFieldValue('filiais', v)}
            />
            <MultiSelect
              label="Outros setores"
              data={sectorNames.filter((s) => s !== values.setor)}
              value={(values.setores ?? []).filter((s) => s !== values.setor)}
              onChange={(v) => form.setFieldValue('setores', v)}
              searchable
            />
          </SimpleGrid>
          {grants.suport ? (
            <Switch
              label="Suporte"
              description={
                suportForced ? 'Administrador e Gestor são sempre suporte.' : 'Atende chamados do seu setor.'
              }
              checked={suportForced || values.suport === 1}
              disabled={suportForced}
              onChange={(e) => form.setFieldValue('suport', e.currentTarget.checked ? 1 : 0)}
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
