import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text.ts';

/** What the web's editor (TipTap through @mantine/tiptap, ui/RichTextEditorField.tsx) writes. */
const mention =
  '<span data-type="mention" class="mention" data-id="12" data-label="Patrícia Souza" data-mention-suggestion-char="@">@Patrícia Souza</span>';
const editorHtml =
  `<p>Veja <strong>isto</strong>, <em>aquilo</em>, <u>sublinhado</u> e <s>riscado</s>, ${mention}.</p>` +
  '<ul><li><p>um</p></li></ul><ol><li><p>dois</p></li></ol><blockquote><p>citação</p></blockquote>' +
  '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://loja.example/item?x=1&amp;y=2">loja</a> ' +
  '<a href="mailto:compras@rotasul.com.br">e-mail</a></p>';

describe('sanitizeRichText', () => {
  it("keeps what the editor writes: emphasis, lists, quote, links and the mention's id and label", () => {
    expect(sanitizeRichText(editorHtml)).toBe(
      '<p>Veja <strong>isto</strong>, <em>aquilo</em>, <u>sublinhado</u> e <s>riscado</s>, ' +
        '<span data-type="mention" data-id="12" data-label="Patrícia Souza">@Patrícia Souza</span>.</p>' +
        '<ul><li><p>um</p></li></ul><ol><li><p>dois</p></li></ol><blockquote><p>citação</p></blockquote>' +
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://loja.example/item?x=1&amp;y=2">loja</a> ' +
        '<a href="mailto:compras@rotasul.com.br" target="_blank" rel="noopener noreferrer nofollow">e-mail</a></p>',
    );
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeRichText(editorHtml);
    expect(sanitizeRichText(once)).toBe(once);
  });

  it.each([
    ['a script, with its text', '<p>oi</p><script>alert(1)</script>', '<p>oi</p>'],
    ['an image with onerror', '<p>foto<img src="x" onerror="alert(1)"></p>', '<p>foto</p>'],
    [
      'a javascript: link (the link text stays, the address goes)',
      '<p><a href="javascript:alert(1)">clique</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow">clique</a></p>',
    ],
    [
      'a javascript: link in mixed case and with spaces',
      '<p><a href="  JaVaScRiPt:alert(1)">x</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    ],
    [
      'a data: link',
      '<p><a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;">x</a></p>',
      '<p><a target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    ],
    [
      "a link's own target and opener",
      '<p><a href="https://a.example" target="_self" rel="opener" onclick="alert(1)">a</a></p>',
      '<p><a href="https://a.example" target="_blank" rel="noopener noreferrer nofollow">a</a></p>',
    ],
    [
      'handlers and styles on a mention',
      '<p><span data-type="mention" data-id="3" data-label="Ana" onclick="alert(1)" style="color:red">@Ana</span></p>',
      '<p><span data-type="mention" data-id="3" data-label="Ana">@Ana</span></p>',
    ],
    [
      'a span that is not a mention',
      '<p><span data-type="script" data-foo="1" class="x">texto</span></p>',
      '<p><span>texto</span></p>',
    ],
    [
      'a mention whose id is not a user id',
      '<p><span data-type="mention" data-id="1 onclick=x" data-label="Ana">@Ana</span></p>',
      '<p><span>@Ana</span></p>',
    ],
    ['a handler on a paragraph', '<p onmouseover="alert(1)">oi</p>', '<p>oi</p>'],
    ['an iframe', '<p>a</p><iframe src="https://evil.example"></iframe>', '<p>a</p>'],
    ['a style sheet', '<style>p{display:none}</style><p>a</p>', '<p>a</p>'],
    ['an svg with a script', '<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
  ])('drops %s', (_what, input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});

describe('richTextToPlain', () => {
  it('reads the editor HTML as text, one line per block, the mention as @name', () => {
    expect(richTextToPlain(sanitizeRichText(editorHtml))).toBe(
      'Veja isto, aquilo, sublinhado e riscado, @Patrícia Souza.\num\ndois\ncitação\nloja e-mail',
    );
  });

  it.each(['<p></p>', '<p> </p>', '<p>&nbsp;</p>', '<p><br></p>', '<p><script>x</script></p>'])(
    'finds nothing in %j (an empty comment is refused)',
    (html) => {
      expect(richTextToPlain(sanitizeRichText(html))).toBe('');
    },
  );
});
