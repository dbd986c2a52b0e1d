import { Input, Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';

/** A user the editor offers after "@": the id goes into the mention, the label is shown. */
export interface MentionOption {
  id: number;
  label: string;
  /** A second line in the list (e.g. the matrícula). */
  description?: string;
}

export interface RichTextInputProps {
  /** Shown above the editor and read by screen readers as the text box's name. */
  label: string;
  /** The editor's HTML (`''` or `<p></p>` when empty); setting `''` clears it. */
  value: string;
  onChange(html: string): void;
  placeholder?: string;
  /** With it, typing "@" lists the users it finds for the text after the "@". */
  findMentions?: (query: string) => Promise<MentionOption[]>;
  description?: string;
  error?: string | null;
}

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
