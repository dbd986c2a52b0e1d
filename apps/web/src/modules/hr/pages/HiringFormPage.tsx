import {
  CONTRACT_TYPES,
  HIRING_REASON,
  HIRING_REASONS,
  HIRING_ROLES,
  type HiringBody,
  HR_TEXT_MAX,
  hiringBody,
  hiringNeedsJustification,
  MSG,
  offeredBranchIds,
  REPLACEMENT_JUSTIFICATIONS,
  WORK_TIMES,
} from '@intranet/contracts';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSend, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useOrgLists } from '../../../api/org.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { numberSelect, selectData } from '../components/options.ts';
import { usePickEmployees, useRequestHiring } from '../hr.api.ts';

/** 0 is "not chosen": no list has it, so the schema refuses it with the spec message. */
const EMPTY: HiringBody = {
  role: 0,
  branch: 0,
  work_time: 0,
  contractType: 0,
  reasonHiring: 0,
  substituteFor: null,
  BreachContractId: null,
  textJustify: '',
};

/** /formHiring (spec §3/§4): substituteFor only for a substitution, the justification for 1 or 2. */
export function HiringFormPage() {
  const navigate = useNavigate();
  const org = useOrgLists();
  const form = useContractForm(hiringBody, { initialValues: EMPTY });
  const values = form.values;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const substitution = values.reasonHiring === HIRING_REASON.substituicao;
  const picks = usePickEmployees(debounced);
  const send = useRequestHiring();

  const set = (field: 'role' | 'branch' | 'work_time' | 'contractType') => (v: number | null) =>
    form.setFieldValue(field, v ?? 0);
  const submit = form.onSubmit(
    (body) => send.mutate(body, { onSuccess: () => navigate('/requesterScreamRh') }),
    () => notifications.show({ color: 'red', message: MSG.fillAllFields }),
  );

  return (
    <Stack maw={760} mx="auto" py="md">
      <PageTitle title="Solicitação de Admissão" icon={<IconUserPlus size={28} />} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Solicitação de admissão">
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Cargo"
                searchable
                data={selectData(HIRING_ROLES)}
                {...form.getInputProps('role')}
                {...numberSelect(values.role, set('role'))}
                required
              />
              <Select
                label="Filial"
                data={offeredBranchIds(org)}
                {...form.getInputProps('branch')}
                {...numberSelect(values.branch, set('branch'))}
                required
              />
              <Select
                label="Horário de trabalho"
                data={selectData(WORK_TIMES)}
                {...form.getInputProps('work_time')}
                {...numberSelect(values.work_time, set('work_time'))}
                required
              />
              <Select
                label="Tipo de contrato"
                data={selectData(CONTRACT_TYPES)}
                {...form.getInputProps('contractType')}
                {...numberSelect(values.contractType, set('contractType'))}
                required
              />
              <Select
                label="Motivo da contratação"
                data={selectData(HIRING_REASONS)}
                {...form.getInputProps('reasonHiring')}
                {...numberSelect(values.reasonHiring, (v) =>
                  // The fields the new reason does not call for are dropped (spec §4).
                  form.setValues({
                    reasonHiring: v ?? 0,
                    substituteFor: v === HIRING_REASON.substituicao ? values.substituteFor : null,
                    BreachContractId: hiringNeedsJustification(v) ? values.BreachContractId : null,
                  }),
                )}
                required
              />
              {hiringNeedsJustification(values.reasonHiring) ? (
                <Select
                  label="Justificativa da reposição"
                  data={selectData(REPLACEMENT_JUSTIFICATIONS)}
                  {...form.getInputProps('BreachContractId')}
                  {...numberSelect(values.BreachContractId, (v) => form.setFieldValue('BreachContractId', v))}
                  required
                />
              ) : null}
            </SimpleGrid>
            {substitution ? (
              <Select
                label="Substituir o funcionário"
                placeholder="Procure pelo nome ou matrícula"
                searchable
                searchValue={search}
                onSearchChange={setSearch}
                filter={({ options }) => options}
                nothingFoundMessage="Nenhum funcionário encontrado"
                data={(picks.data ?? []).map((e) => ({
                  value: String(e.id),
                  label: `${e.name} (${e.matricula})`,
                }))}
                {...form.getInputProps('substituteFor')}
                {...numberSelect(values.substituteFor, (v) => form.setFieldValue('substituteFor', v))}
                required
              />
            ) : null}
            <Textarea
              label="Justificativa"
              autosize
              minRows={3}
              maxLength={HR_TEXT_MAX}
              {...form.getInputProps('textJustify')}
              required
            />
            <Group justify="flex-end">
              <Button type="submit" loading={send.isPending} leftSection={<IconSend size={18} aria-hidden />}>
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
