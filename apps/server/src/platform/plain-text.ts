import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** Stands for "&" while the HTML parser runs, so that no entity the user typed is read as markup. */
const AMPERSAND = '\uE000';

/**
 * Plain text typed by a user (answers, comments without formatting): every HTML tag is dropped
 * (script and style with their content), so the stored text carries no markup to any reader,
 * e-mail or spreadsheet. Everything else stays as typed: "a < b", "R&D", and "&lt;script&gt;"
 * too, which is text about a tag and must never become one.
 */
export function plainText(input: string): string {
  // Dropping a tag can join the text around it into a new one ("<<b>/b>" leaves "</b>"): repeat
  // until nothing changes. Each pass that changes anything removes a tag, so this ends.
  let text = input.replaceAll(AMPERSAND, '');
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = stripTags(text);
  }
  return text.trim();
}

function stripTags(input: string): string {
  const stripped = sanitizeHtml(input.replaceAll('&', AMPERSAND), {
    allowedTags: [],
    allowedAttributes: {},
    parser: { decodeEntities: false },
  });
  // The input held no "&", so every entity here is the sanitiser's own escaping: undo it.
  return stripped.replace(/&(amp|lt|gt|quot|#39);/g, (m) => ENTITIES[m] ?? m).replaceAll(AMPERSAND, '&');
}
