import sanitizeHtml from 'sanitize-html';

/**
 * Rich text from the web's editor (TipTap, ui/RichTextInput.tsx), kept to an allowlist: paragraphs,
 * emphasis, lists, headings, quotes, code, @mentions and links (http, https, mailto only, opened in a
 * new tab without an opener).
 * Everything else — scripts, styles, event handlers, images, iframes — is dropped, so the stored
 * HTML is safe to render anywhere.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'a',
    'span',
    'sub',
    'sup',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['data-type', 'data-id', 'data-label'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
    // A span keeps attributes only as the editor's @mention of a user id:
    // `<span data-type="mention" data-id="12" data-label="Nome">@Nome</span>`.
    span: (_tag, attribs): sanitizeHtml.Tag =>
      attribs['data-type'] === 'mention' && /^\d{1,10}$/.test(attribs['data-id'] ?? '')
        ? {
            tagName: 'span',
            attribs: {
              'data-type': 'mention',
              'data-id': attribs['data-id'] ?? '',
              'data-label': attribs['data-label'] ?? '',
            },
          }
        : { tagName: 'span', attribs: {} },
  },
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of rich HTML (for e-mails and an emptiness check). */
export const richTextToPlain = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|li|h\d|blockquote)>/g, '\n').replace(/<br\s*\/?>/g, '\n'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    // A list item's or a quote's paragraph ends two blocks at once: one line break, not a blank line.
    .replace(/\n\s*\n/g, '\n')
    .trim();
