import {
  filesRequired,
  JUSTIFICATIONS,
  LIMITS,
  MSG,
  type OpenRequestInput,
  offeredBranches,
  openRequestBody,
  openRequestFilesProblem,
  openRequestLabels,
  PRIORITY_LABEL,
  PURCHASE_DESCRIPT_MAX,
  PURCHASE_FILE,
  PURCHASE_MSG,
  PURCHASE_QNT_MAX,
  REQUEST_TYPE_LABEL,
  SUPPLY_TYPES,
} from '@intranet/contracts';
import {
  Alert,
  Button,
  FileInput,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPaperclip, IconSend, IconShoppingCart, IconTool } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useOrgLists } from '../../../api/org.ts';
import { MoneyInput } from '../../../ui/form/MoneyInput.tsx';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { SentDialog } from '../../../ui/SentDialog.tsx';
import { useOpenPurchase } from '../purchases.api.ts';

type FormValues = OpenRequestInput & { estimaVal?: number | '' | null; qnt?: number | string };

/** /openpurchrequest?typeRequest=compra|servico: the request form of spec §2, §3 and §5. */
export function OpenPurchaseRequestPage() {
  const [params] = useSearchParams();
  const typerequest = params.get('typeRequest') === 'servico' ? 'servico' : 'compra';
  const initialValues: FormValues = {
    typerequest,
    descript: '',
    qnt: 1,
    justify: '',
    justifyDescript: '',
    supplyType: null,
    estimaVal: '',
    filial: '',
    priority: '',
    obs: '',
    link: '',
  };
  const form = useContractForm(openRequestBody, { initialValues });
  const org = useOrgLists();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sentId, setSentId] = useState<number | null>(null);
  const open = useOpenPurchase();
  const values = form.values as FormValues;
  const needsFiles = filesRequired(values.justify, values.supplyType);
  const labels = openRequestLabels(typerequest);

  const submit = form.onSubmit(
    () => {
      const raw = form.getValues() as FormValues;
      const missingFiles = openRequestFilesProblem({ ...raw, typerequest }, files.length);
      if (missingFiles) return setProblem(missingFiles);
      setProblem(null);
      open.mutate(
        {
          fields: { ...raw, typerequest, estimaVal: raw.estimaVal === '' ? undefined : raw.estimaVal },
          files,
        },
        {
          onSuccess: (res) => {
            setSentId(res.id);
            form.reset();
            setFiles([]);
          },
        },
      );
    },
    // The form's own message (path '': the missing fields named once), else the first field's.
    (errors) => setProblem(String(errors[''] ?? Object.values(errors)[0] ?? MSG.fillRequired)),
  );

  const isService = typerequest === 'servico';
  return (
    <Stack maw={820} mx="auto" py="md">
      <PageTitle
        title={isService ? 'Serviço de Terceiros' : 'Solicitar uma Compra'}
        description="Preencha os dados da solicitação: ela segue para o setor de Compras."
        icon={isService ? <IconTool size={28} /> : <IconShoppingCart size={28} />}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label={`Solicitação de ${REQUEST_TYPE_LABEL[typerequest]}`}>
          <Stack gap="md">
            {problem ? (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            ) : null}
            <TextInput
              label={labels.descript}
              placeholder="O que você precisa"
              maxLength={PURCHASE_DESCRIPT_MAX}
              required
              {...form.getInputProps('descript')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Quantidade"
                min={1}
                max={PURCHASE_QNT_MAX}
                allowDecimal={false}
                {...form.getInputProps('qnt')}
              />
              <MoneyInput
                label="Valor estimado"
                placeholder="R$ 0,00"
                {...form.getInputProps('estimaVal')}
                value={values.estimaVal ?? ''}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={labels.justify}
                placeholder="Selecione"
                data={[...JUSTIFICATIONS]}
                required
                allowDeselect={false}
                {...form.getInputProps('justify')}
                value={values.justify || null}
                onChange={(v) => form.setFieldValue('justify', v ?? '')}
              />
              {values.justify === 'Reposição de insumo' ? (
                <Select
                  label="Tipo de manutenção"
                  placeholder="Selecione"
                  data={[...SUPPLY_TYPES]}
                  {...form.getInputProps('supplyType')}
                />
              ) : null}
            </SimpleGrid>
            <Textarea
              label={labels.justifyDescript}
              autosize
              minRows={3}
              maxLength={LIMITS.textMax}
              required
              {...form.getInputProps('justifyDescript')}
            />
            <Radio.Group label={labels.filial} required {...form.getInputProps('filial')}>
              <Group mt={6} gap="xl">
                {offeredBranches(org).map((b) => (
                  <Radio key={b.value} value={b.value} label={b.label} />
                ))}
              </Group>
            </Radio.Group>
            <Radio.Group
              label={labels.priority}
              required
              {...form.getInputProps('priority')}
              value={values.priority === undefined || values.priority === '' ? '' : String(values.priority)}
              onChange={(v) => form.setFieldValue('priority', Number(v))}
            >
              <Group mt={6} gap="xl">
                {Object.entries(PRIORITY_LABEL).map(([value, label]) => (
                  <Radio key={value} value={value} label={label} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label="Observações"
              autosize
              minRows={2}
              maxLength={LIMITS.textMax}
              {...form.getInputProps('obs')}
            />
            <TextInput
              label="Link"
              placeholder="https://"
              description={isService ? undefined : 'Para compras, informe um link ou anexe um arquivo.'}
              {...form.getInputProps('link')}
            />
            <FileInput
              label={needsFiles ? 'Anexos (obrigatório)' : 'Anexos'}
              description={`Imagens ou PDF, até ${PURCHASE_FILE.maxFiles} arquivos de 10MB`}
              placeholder="Selecionar arquivos"
              multiple
              clearable
              required={needsFiles}
              accept={PURCHASE_FILE.mimes.join(',')}
              leftSection={<IconPaperclip size={16} aria-hidden />}
              value={files}
              onChange={(f) => setFiles(f.slice(0, PURCHASE_FILE.maxFiles))}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="md"
                loading={open.isPending}
                leftSection={<IconSend size={18} aria-hidden />}
              >
                Enviar
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>

      <SentDialog
        sentId={sentId}
        onClose={() => setSentId(null)}
        listLabel="Ver minhas solicitações"
        listPath={(id) => `/requestopened?functionType=consultar&ticket=${id}`}
      >
        {PURCHASE_MSG.sent} Número da solicitação: <strong>#{sentId}</strong>.
      </SentDialog>
    </Stack>
  );
}
