import { TypographyStylesProvider } from '@mantine/core';
import classes from './RichText.module.css';

/**
 * Rich text as RichTextInput wrote it and the server kept it (its allowlist, platform/rich-text.ts):
 * emphasis, lists, quotes, links (new tab) and @mentions shown as name pills.
 */
export function RichTextView({ html }: { html: string }) {
  return (
    <TypographyStylesProvider className={classes.text}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only its allowlist (platform/rich-text.ts) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </TypographyStylesProvider>
  );
}
