import { Input, Paper, Portal, Text, UnstyledButton } from '@mantine/core';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import Mention from '@tiptap/extension-mention';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import { useEffect, useRef, useState } from 'react';
import classes from './RichText.module.css';
import type { MentionOption, RichTextInputProps } from './rich-text-input-props.ts';

const LABELS: Partial<RichTextEditorLabels> = {
  boldControlLabel: 'Negrito',
  italicControlLabel: 'Itálico',
  underlineControlLabel: 'Sublinhado',
  strikeControlLabel: 'Tachado',
  clearFormattingControlLabel: 'Limpar formatação',
  bulletListControlLabel: 'Lista com marcadores',
  orderedListControlLabel: 'Lista numerada',
  blockquoteControlLabel: 'Citação',
  linkControlLabel: 'Link',
  unlinkControlLabel: 'Remover link',
  linkEditorInputLabel: 'Endereço do link',
  linkEditorInputPlaceholder: 'https://exemplo.com.br/',
  linkEditorExternalLink: 'Abrir o link em outra aba',
  linkEditorInternalLink: 'Abrir o link na mesma aba',
  linkEditorSave: 'Salvar',
};

/** The search text after "@" goes to the users call, whose filter takes at most 15 characters. */
const QUERY_MAX = 15;

interface Suggestions {
  items: MentionOption[];
  active: number;
  rect: DOMRect | null;
  pick(item: MentionOption): void;
}

/** The TipTap editor behind RichTextInput (loaded lazily: see RichTextInput.tsx). */
export default function RichTextEditorField({
  label,
  value,
  onChange,
  placeholder,
  findMentions,
  description,
  error,
}: RichTextInputProps) {
  const [suggestions, setSuggestions] = useState<Suggestions | null>(null);
  // The editor is built once; these refs let its callbacks see the latest props and state.
  const live = useRef({ onChange, findMentions, suggestions, label });
  live.current = { onChange, findMentions, suggestions, label };

  const show = (props: SuggestionProps<MentionOption, { id: string; label: string }>) =>
    setSuggestions((prev) => ({
      items: props.items,
      active: prev && prev.items.length === props.items.length ? prev.active : 0,
      rect: props.clientRect?.() ?? null,
      pick: (item) => props.command({ id: String(item.id), label: item.label }),
    }));

  const onKeyDown = ({ event }: SuggestionKeyDownProps): boolean => {
    const s = live.current.suggestions;
    if (!s || s.items.length === 0) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setSuggestions({ ...s, active: (s.active + step + s.items.length) % s.items.length });
      return true;
    }
    if (event.key === 'Enter' || event.key === 'Tab') {
      const item = s.items[s.active];
      if (item) s.pick(item);
      return true;
    }
    if (event.key === 'Escape') {
      setSuggestions(null);
      return true;
    }
    return false;
  };

  const mentions = Mention.configure({
    suggestion: {
      char: '@',
      items: async ({ query }) => {
        const find = live.current.findMentions;
        return find ? (await find(query.slice(0, QUERY_MAX))).slice(0, 8) : [];
      },
      render: () => ({
        onStart: show,
        onUpdate: show,
        onKeyDown,
        onExit: () => setSuggestions(null),
      }),
    },
  });

  const editor = useEditor({
    // Only what the toolbar offers (and the server keeps): no headings, code or rules.
    extensions: [
      StarterKit.configure({
        link: false,
        heading: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
      }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      ...(findMentions ? [mentions] : []),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      // Read on every update, so a new label (the request moved to another stage) is not lost.
      attributes: () => ({
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': live.current.label,
        ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
      }),
    },
    onUpdate: ({ editor: e }) => live.current.onChange(e.isEmpty ? '' : e.getHTML()),
  });

  // A new label reaches the editable element through its attributes (read from `live`); setOptions
  // applies them once the editor is mounted and does nothing before (editor.view throws until then).
  useEffect(() => {
    if (editor && !editor.isDestroyed && label) editor.setOptions({});
  }, [editor, label]);

  // A value set from outside (a form reset after sending) replaces what the editor shows.
  useEffect(() => {
    if (!editor) return;
    const shown = editor.isEmpty ? '' : editor.getHTML();
    if (value !== shown) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const rect = suggestions?.rect;
  return (
    <Input.Wrapper label={label} description={description} error={error}>
      <RichTextEditor editor={editor} labels={LABELS} className={classes.text} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={96} />
      </RichTextEditor>
      {suggestions && rect ? (
        <Portal>
          <Paper
            className={classes.suggestions}
            shadow="md"
            withBorder
            role="listbox"
            aria-label="Mencionar"
            style={{ top: rect.bottom + 4, left: Math.max(8, Math.min(rect.left, window.innerWidth - 268)) }}
          >
            {suggestions.items.length === 0 ? (
              <Text size="sm" c="dimmed" p={6}>
                Nenhum usuário encontrado.
              </Text>
            ) : (
              suggestions.items.map((item, i) => (
                <UnstyledButton
                  key={item.id}
                  role="option"
                  aria-selected={i === suggestions.active}
                  onMouseDown={(e) => {
                    // Keep the editor's focus and selection: the mention goes where the "@" is.
                    e.preventDefault();
                    suggestions.pick(item);
                  }}
                  w="100%"
                  p={6}
                  bg={i === suggestions.active ? 'var(--mantine-color-brand-0)' : undefined}
                  style={{ borderRadius: 4 }}
                >
                  <Text size="sm" fw={600}>
                    {item.label}
                  </Text>
                  {item.description ? (
                    <Text size="xs" c="dimmed">
                      {item.description}
                    </Text>
                  ) : null}
                </UnstyledButton>
              ))
            )}
          </Paper>
        </Portal>
      ) : null}
    </Input.Wrapper>
  );
}
