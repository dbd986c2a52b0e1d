import { IMAGE_FILE } from '@intranet/contracts';
import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { imageProblem } from './image-check.ts';

interface ImagePickerProps {
  /** The picked file (controlled). */
  value: File | null;
  onChange(file: File | null): void;
  /** Image already stored (shown until another is picked). */
  currentUrl?: string;
  label?: string;
  buttonLabel?: string;
  /** Called when the user removes the stored image. */
  onRemoveCurrent?: () => void;
  previewHeight?: number;
}

/**
 * Picks one image and previews it. JPEG, PNG or WEBP (by content) up to 3 MB are accepted; anything
 * else shows the spec §5 message here and never reaches the server.
 */
export function ImagePicker({
  value,
  onChange,
  currentUrl,
  label = 'Imagem',
  buttonLabel = 'Escolher imagem',
  onRemoveCurrent,
  previewHeight = 180,
}: ImagePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : undefined), [value]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = async (file: File | null) => {
    if (!file) return;
    const problem = await imageProblem(file);
    setError(problem);
    onChange(problem ? null : file);
  };

  const shown = preview ?? currentUrl;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Paper withBorder radius="md" p="xs" bg="gray.0">
        {shown ? (
          <Image src={shown} alt="Pré-visualização" h={previewHeight} fit="contain" radius="sm" />
        ) : (
          <Stack h={previewHeight} align="center" justify="center" gap={4} c="dimmed">
            <IconPhoto size={36} aria-hidden />
            <Text size="sm">Nenhuma imagem escolhida</Text>
          </Stack>
        )}
      </Paper>
      <Group gap="xs">
        <FileButton onChange={pick} accept={IMAGE_FILE.mimes.join(',')}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhoto size={16} />}>
              {buttonLabel}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button variant="subtle" color="gray" onClick={() => onChange(null)}>
            Remover seleção
          </Button>
        ) : currentUrl && onRemoveCurrent ? (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={onRemoveCurrent}
          >
            Remover imagem
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed">
        JPEG, PNG ou WEBP, até 3 MB. {value ? `Escolhida: ${value.name}` : ''}
      </Text>
      {error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
