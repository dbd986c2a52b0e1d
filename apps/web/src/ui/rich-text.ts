/**
 * Reading the HTML the rich-text editor (RichTextInput) writes, without loading the editor: the
 * ids of the users mentioned in it and whether it holds any text at all. Mentions are the editor's
 * `<span data-type="mention" data-id="…" data-label="…">@Nome</span>`, which the server keeps
 * (apps/server/src/platform/rich-text.ts).
 */

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;

/** The mentioned users' ids, each once, in the order they appear. */
export function mentionIdsOf(html: string): number[] {
  const ids = [...parse(html).querySelectorAll('span[data-type="mention"][data-id]')]
    .map((el) => Number(el.getAttribute('data-id')))
    .filter((id) => Number.isInteger(id) && id > 0);
  return [...new Set(ids)];
}

/** True when the HTML shows nothing but white space (an empty editor is `<p></p>`). */
export const isBlankRichText = (html: string) => (parse(html).textContent ?? '').trim() === '';
