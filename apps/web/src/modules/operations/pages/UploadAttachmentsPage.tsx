import {
  MSG,
  OPERATION_SLOTS,
  type OperationAttachment,
  type OperationSlot,
  operationQuery,
} from '@intranet/contracts';
import {
  Alert,
  Box,
  Button,
  Group,
  LoadingOverlay,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { SlotPicker } from '../components/SlotPicker.tsx';
import { operationsKey, useOtAttachments, useSendAttachments } from '../operations.api.ts';
import { clearDraft, type Draft, loadDraft, saveDraft } from '../operations.draft.ts';

/** Step 1: the OT number (numeric, at least 6 characters). */
function OtStep({ onNext }: { onNext: (ot: string) => void }) {
  const form = useContractForm(operationQuery, { initialValues: { ot: '' } });
  const ot = form.getInputProps('ot');
  return (
    <form onSubmit={form.onSubmit(({ ot }) => onNext(ot))} noValidate>
      <Stack maw={420}>
        <TextInput
          label="OT"
          placeholder="Insira o número da OT"
          inputMode="numeric"
          autoComplete="off"
          {...ot}
          // The OT is digits only (spec §5): anything else typed or pasted is dropped as it comes.
          onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
            ot.onChange(event.currentTarget.value.replace(/\D/g, ''))
          }
        />
        <Group>
          <Button type="submit" mih={40} disabled={form.values.ot.trim().length < 6}>
            Próximo
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The newest attachment the server has for each slot. */
function newestBySlot(
  rows: OperationAttachment[] | undefined,
): Partial<Record<OperationSlot, OperationAttachment>> {
  const out: Partial<Record<OperationSlot, OperationAttachment>> = {};
  for (const row of rows ?? []) out[row.slot as OperationSlot] = row;
  return out;
}

/** Step 2: four slots, their draft kept in IndexedDB per OT, sent resumably. */
function SlotsStep({ ot, initialDraft, onDone }: { ot: string; initialDraft: Draft; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [progress, setProgress] = useState(0);
  const existing = useOtAttachments(ot);
  const send = useSendAttachments();
  const server = newestBySlot(existing.data);
  const hasExisting = (existing.data?.length ?? 0) > 0;

  const change = (next: Draft) => {
    setDraft(next);
    void saveDraft(ot, next);
  };
  const pick = (slot: OperationSlot, file: File) => change({ ...draft, [slot]: file });
  const remove = (slot: OperationSlot) => {
    const { [slot]: _removed, ...rest } = draft;
    change(rest);
  };

  const newFiles = OPERATION_SLOTS.flatMap((slot) => {
    const file = draft[slot];
    return file ? [{ slot, file }] : [];
  });
  const complete = OPERATION_SLOTS.every((slot) => draft[slot] || server[slot]);

  const submit = () => {
    setProgress(0);
    send.mutate(
      { ot, files: newFiles, onProgress: setProgress },
      {
        onSuccess: async () => {
          await clearDraft(ot);
          onDone();
        },
      },
    );
  };

  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={send.isPending}
        zIndex={200}
        overlayProps={{ blur: 2 }}
        loaderProps={{
          children: (
            <Stack align="center" gap="xs" w={260} data-testid="upload-progress">
              <Text fw={700}>Enviando arquivos...</Text>
              <Progress
                value={Math.round(progress * 100)}
                w="100%"
                size="lg"
                aria-label="Progresso do envio"
              />
              <Text size="sm">{Math.round(progress * 100)}%</Text>
            </Stack>
          ),
        }}
      />
      <Stack>
        <Text>
          OT: <b>{ot}</b>
        </Text>
        {hasExisting ? (
          <Alert color="yellow" variant="light">
            {MSG.operationExists}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {OPERATION_SLOTS.map((slot) => (
            <SlotPicker
              key={slot}
              slot={slot}
              file={draft[slot]}
              existing={server[slot]}
              loading={existing.isLoading}
              disabled={send.isPending}
              onPick={(file) => pick(slot, file)}
              onRemove={() => remove(slot)}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button variant="default" mih={40} leftSection={<IconArrowLeft size={18} />} onClick={onDone}>
            Voltar
          </Button>
          <Button
            mih={40}
            leftSection={<IconSend size={18} />}
            disabled={!complete || newFiles.length === 0 || send.isPending}
            onClick={submit}
          >
            Enviar
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}

/** /homeAnexoOperacao/anexosOperacao: the OT, then its four files from the phone's camera. */
export function UploadAttachmentsPage() {
  const [params, setParams] = useSearchParams();
  // The OT is in the address: a reload comes back to its slots and their draft.
  const ot = operationQuery.safeParse({ ot: params.get('ot') ?? '' }).data?.ot ?? null;
  const draft = useQuery({
    queryKey: [...operationsKey, 'draft', ot],
    queryFn: () => loadDraft(ot ?? ''),
    enabled: ot !== null,
    gcTime: 0,
    staleTime: 0,
  });

  return (
    <Stack py="md" maw={900} mx="auto">
      <PageTitle
        title="Inserir Anexos"
        description="Grave três vídeos e tire uma foto do processo."
        actions={
          <Button component={Link} to="/homeAnexoOperacao" variant="default" mih={40}>
            Voltar
          </Button>
        }
      />
      {ot === null ? (
        <OtStep onNext={(value) => setParams({ ot: value })} />
      ) : draft.data ? (
        <SlotsStep key={ot} ot={ot} initialDraft={draft.data} onDone={() => setParams({})} />
      ) : (
        <Text c="dimmed">...</Text>
      )}
    </Stack>
  );
}
