import { NOTICE_POSITION, NOTICE_POSITION_OPTIONS, NOTICE_TEXT_MAX } from '@intranet/contracts';
import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import type { NoticeDraft } from '../notices.api.ts';

interface NoticeFormProps {
  initial?: { text: string; position: number; img: string | null };
  saving: boolean;
  onSave(draft: NoticeDraft): Promise<boolean>;
  onCancel?: () => void;
}

/** Text area, image picker with preview, Retrato/Paisagem and Salvar (spec §2 Notice admin). */
export function NoticeForm({ initial, saving, onSave, onCancel }: NoticeFormProps) {
  const [text, setText] = useState(initial?.text ?? '');
  const [position, setPosition] = useState(String(initial?.position ?? NOTICE_POSITION.paisagem));
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async () => {
    if (!text.trim()) {
      setError('Escreva o texto do aviso.');
      return;
    }
    setError(null);
    const ok = await onSave({ text: text.trim(), position: Number(position), file, removeImage });
    if (ok && !initial) {
      setText('');
      setFile(null);
    }
  };

  const currentUrl = !removeImage ? storedFileUrl(initial?.img) : undefined;
  return (
    <Stack gap="md">
      <Textarea
        label="Texto do aviso"
        placeholder="Escreva o aviso que aparecerá na página inicial"
        autosize
        minRows={4}
        maxRows={12}
        maxLength={NOTICE_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        required
      />
      <ImagePicker
        value={file}
        onChange={setFile}
        currentUrl={currentUrl}
        onRemoveCurrent={initial?.img ? () => setRemoveImage(true) : undefined}
      />
      <Radio.Group label="Formato" value={position} onChange={setPosition}>
        <Group mt={6}>
          {NOTICE_POSITION_OPTIONS.map((o) => (
            <Radio key={o.value} value={String(o.value)} label={o.label} />
          ))}
        </Group>
      </Radio.Group>
      <Group justify="flex-end">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            Cancelar
          </Button>
        ) : null}
        <Button onClick={save} loading={saving}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
