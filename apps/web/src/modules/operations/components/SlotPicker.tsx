import {
  OPERATION_ACCEPT,
  type OperationAttachment,
  type OperationSlot,
  slotKind,
} from '@intranet/contracts';
import { Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCamera, IconPhoto, IconTrash, IconVideo } from '@tabler/icons-react';
import { useEffect, useId, useMemo } from 'react';

const LABEL: Record<OperationSlot, string> = { 1: 'Vídeo 1', 2: 'Vídeo 2', 3: 'Vídeo 3', 4: 'Imagem' };

const sizeLabel = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function ImagePreview({ file }: { file: File }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Image src={url} alt={file.name} h={120} fit="contain" radius="sm" />;
}

interface SlotPickerProps {
  slot: OperationSlot;
  /** The file chosen in this browser, not sent yet. */
  file: File | undefined;
  /** What the server already has for this slot (the newest). */
  existing: OperationAttachment | undefined;
  loading: boolean;
  disabled: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One of the four slots: opens the rear camera on a phone (capture="environment"), or a file. */
export function SlotPicker({ slot, file, existing, loading, disabled, onPick, onRemove }: SlotPickerProps) {
  const inputId = useId();
  const kind = slotKind(slot);
  const Icon = kind === 'video' ? IconVideo : IconPhoto;
  return (
    <Card withBorder radius="md" padding="md" data-testid={`slot-${slot}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Icon size={20} aria-hidden />
            <Text fw={700}>{LABEL[slot]}</Text>
          </Group>
          {file ? (
            <Badge color="blue" variant="light">
              Novo
            </Badge>
          ) : existing ? (
            <Badge color="green" variant="light">
              Enviado
            </Badge>
          ) : null}
        </Group>
        {loading ? (
          <Text c="dimmed">...</Text>
        ) : file ? (
          <>
            {kind === 'image' ? <ImagePreview file={file} /> : null}
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {file.name} ({sizeLabel(file.size)})
            </Text>
          </>
        ) : existing ? (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {existing.name} ({sizeLabel(existing.size)})
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Nenhum arquivo
          </Text>
        )}
        <Group gap="xs">
          <Button
            component="label"
            htmlFor={inputId}
            leftSection={<IconCamera size={18} />}
            variant="light"
            mih={40}
            disabled={disabled || loading}
          >
            {file || existing ? 'Trocar' : kind === 'video' ? 'Gravar vídeo' : 'Tirar foto'}
          </Button>
          <input
            id={inputId}
            type="file"
            hidden
            accept={OPERATION_ACCEPT[kind]}
            capture="environment"
            disabled={disabled || loading}
            aria-label={`Arquivo da posição ${slot}`}
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (picked) onPick(picked);
            }}
          />
          {file ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} />}
              mih={40}
              disabled={disabled}
              onClick={onRemove}
            >
              Remover
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
