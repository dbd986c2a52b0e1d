/** The props of RichTextInput, shared with its lazily loaded editor (RichTextEditorField). */

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
