import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

/** Web addresses in typed text (http and https only: nothing else becomes a link). */
const URL_PATTERN = /https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/g;
/** Longest address shown whole; longer ones keep their start and end around "…". */
const SHOWN_MAX = 48;

/** "https://logs.example.com/a/very/long/path?x=1" → "logs.example.com/a/ver…path?x=1". */
export function shortUrl(url: string, max = SHOWN_MAX): string {
  const bare = url.replace(/^https?:\/\//, '');
  if (bare.length <= max) return bare;
  const head = Math.ceil((max - 1) * 0.6);
  return `${bare.slice(0, head)}…${bare.slice(bare.length - (max - 1 - head))}`;
}

/**
 * Typed text as typed (never HTML), with its web addresses as links: shortened on screen, the
 * full address on hover and in the link itself. Long words still wrap (global overflow-wrap).
 */
export function LinkedText({ text }: { text: string }) {
  const parts: (string | { url: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    parts.push({ url: match[0] });
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never move
          <Anchor key={i} href={part.url} target="_blank" rel="noopener noreferrer" title={part.url} inherit>
            {shortUrl(part.url)}
          </Anchor>
        ),
      )}
    </>
  );
}
