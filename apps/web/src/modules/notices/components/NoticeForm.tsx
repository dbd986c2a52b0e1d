import {
  NOTICE_POSITION,
  NOTICE_POSITION_OPTIONS,
  NOTICE_TEXT_MAX,
  type NoticeFields,
  noticeFields,
} from '@intranet/contracts';
import { Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import { charCount } from '../../../ui/form/char-count.ts';
import { useContractForm } from '../../../ui/form/useContractForm.ts';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';

export interface NoticeDraft {
  fields: z.output<typeof noticeFields>;
  file: File | null;
  /** Editing only: drop the stored image. */
  removeImage: boolean;
}

interface NoticeFormProps {
  initial?: { text: string; position: number; img: string | null };
  saving: boolean;
  /** Sends the notice; `saved` is called once the server took it. */
  onSave(draft: NoticeDraft, saved: () => void): void;
  onCancel?: () => void;
}

/** Text area, image picker with preview, Retrato/Paisagem and Salvar (spec §2 Notice admin). */
export function NoticeForm({ initial, saving, onSave, onCancel }: NoticeFormProps) {
  const form = useContractForm(noticeFields, {
    initialValues: {
      text: initial?.text ?? '',
      position: initial?.position ?? NOTICE_POSITION.paisagem,
    } satisfies NoticeFields,
  });
  const [file, setFile] = useState<File | null>(null);
  const [removeImage, setRemoveImage] = useState(false);

  const submit = form.onSubmit((fields) =>
    onSave({ fields, file, removeImage }, () => {
      if (initial) return;
      form.reset();
      setFile(null);
    }),
  );

  const currentUrl = !removeImage ? storedFileUrl(initial?.img) : undefined;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Textarea
          label="Texto do aviso"
          placeholder="Escreva o aviso que aparecerá na página inicial"
          autosize
          minRows={4}
          maxRows={12}
          maxLength={NOTICE_TEXT_MAX}
          {...form.getInputProps('text')}
          description={charCount(form.values.text, NOTICE_TEXT_MAX)}
          required
        />
        <ImagePicker
          value={file}
          onChange={setFile}
          currentUrl={currentUrl}
          onRemoveCurrent={initial?.img ? () => setRemoveImage(true) : undefined}
        />
        <Radio.Group
          label="Formato"
          {...form.getInputProps('position')}
          value={String(form.values.position)}
          onChange={(value) => form.setFieldValue('position', Number(value))}
        >
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
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
