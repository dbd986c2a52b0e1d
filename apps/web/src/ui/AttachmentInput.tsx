import type { FileRule } from '@intranet/contracts';
import { FileInput, type FileInputProps } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { fileProblem } from './image-check.ts';

interface AttachmentInputProps
  extends Omit<FileInputProps<true>, 'value' | 'onChange' | 'multiple' | 'accept' | 'error'> {
  /** The call's file rule (its multipart `files`): types, size and count. */
  rule: FileRule;
  value: File[];
  onChange(files: File[]): void;
}

/**
 * Picks attachments and checks them at once against the call's rule, as the server will: a file
 * too big or of another type (by its bytes) is left out with the call's message, before any
 * Enviar or Salvar.
 */
export function AttachmentInput({ rule, value, onChange, ...props }: AttachmentInputProps) {
  const [error, setError] = useState<string | null>(null);
  const pick = async (picked: File[]) => {
    const problems = await Promise.all(picked.map((f) => fileProblem(f, rule)));
    setError(problems.find((p) => p !== null) ?? null);
    onChange(picked.filter((_f, i) => problems[i] === null).slice(0, rule.maxFiles));
  };
  return (
    <FileInput
      multiple
      clearable
      accept={rule.mimes === 'any' ? undefined : rule.mimes.join(',')}
      leftSection={<IconPaperclip size={16} aria-hidden />}
      {...props}
      value={value}
      onChange={(files) => void pick(files)}
      error={error}
    />
  );
}
