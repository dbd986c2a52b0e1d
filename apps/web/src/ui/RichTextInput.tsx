import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextInputProps } from './rich-text-input-props.ts';

export type { MentionOption, RichTextInputProps } from './rich-text-input-props.ts';

const Editor = lazy(() => import('./RichTextEditorField.tsx'));

/**
 * Rich text (Mantine's TipTap editor): bold, italic, underline, strike, lists, quote, link, clear
 * formatting and @mentions. The editor's code (TipTap, ProseMirror) is a chunk of its own, loaded
 * the first time a screen shows one, never with the sign-in or home pages. What it writes is HTML
 * the server keeps to its allowlist; read it with `mentionIdsOf` / `isBlankRichText` (rich-text.ts)
 * and show it with RichTextView.
 */
export function RichTextInput(props: RichTextInputProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label} description={props.description}>
          <Skeleton height={120} radius="sm" aria-label="Carregando o editor" />
        </Input.Wrapper>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
