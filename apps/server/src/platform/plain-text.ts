import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * Plain text typed by a user (answers, comments without formatting): every HTML tag is dropped
 * (script and style with their content), so the stored text carries no markup to any reader,
 * e-mail or spreadsheet. Text such as "a < b" survives.
 */
export function plainText(input: string): string {
  const stripped = sanitizeHtml(input, { allowedTags: [], allowedAttributes: {} });
  return stripped.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m).trim();
}
