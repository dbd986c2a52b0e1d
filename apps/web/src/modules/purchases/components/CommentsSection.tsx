import {
  formatDateTime,
  type PurchaseDetail,
  purchaseStatusLabel,
  purchasesCalls,
} from '@intranet/contracts';
import {
  Anchor,
  Button,
  Group,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  TypographyStylesProvider,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { useState } from 'react';
import { AttachmentInput } from '../../../ui/AttachmentInput.tsx';
import { purchaseFileUrl, useAddComment, useComments, usePickerUsers } from '../purchases.api.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Typed text as the HTML the server keeps: one paragraph per line. */
const toHtml = (text: string) =>
  text
    .split(/\n+/)
    .filter((line) => line.trim())
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');

/** One thread per stage: the comments of each stage, newest last, and a box for the current one. */
export function CommentsSection({ request, canMention }: { request: PurchaseDetail; canMention: boolean }) {
  const comments = useComments(request.id);
  const add = useAddComment(request.id);
  const users = usePickerUsers('', canMention && request.abilities.comment);
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const byStage = new Map<number, NonNullable<typeof comments.data>>();
  for (const c of comments.data ?? []) byStage.set(c.stage, [...(byStage.get(c.stage) ?? []), c]);

  return (
    <Stack gap="xs">
      <Title order={3} fz="lg">
        Comentários
      </Title>
      {[...byStage.entries()].map(([stage, list]) => (
        <Stack key={stage} gap={4} data-thread={stage}>
          <Text size="sm" fw={700} c="dimmed">
            {purchaseStatusLabel(stage)}
          </Text>
          {list.map((c) => (
            <Paper key={c.id} withBorder p="xs" radius="md">
              <Text size="xs" c="dimmed">
                {c.userName} · {formatDateTime(c.date)}
              </Text>
              <TypographyStylesProvider style={{ overflowWrap: 'anywhere' }}>
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server keeps only its allowlist (platform/rich-text.ts) */}
                <div dangerouslySetInnerHTML={{ __html: c.text }} />
              </TypographyStylesProvider>
              {c.attachments.length > 0 ? (
                <Group gap="xs" mt={4}>
                  {c.attachments.map((a) => (
                    <Anchor
                      key={a.filepath}
                      href={purchaseFileUrl(a.filepath)}
                      target="_blank"
                      rel="noopener"
                      size="sm"
                    >
                      <IconPaperclip size={14} aria-hidden /> {a.name}
                    </Anchor>
                  ))}
                </Group>
              ) : null}
            </Paper>
          ))}
        </Stack>
      ))}
      {request.abilities.comment ? (
        <Stack gap="xs">
          <Textarea
            label={`Comentar na etapa ${purchaseStatusLabel(request.status)}`}
            autosize
            minRows={2}
            maxLength={5000}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {canMention ? (
            <MultiSelect
              label="Mencionar (recebem um e-mail)"
              data={(users.data ?? []).map((u) => ({
                value: String(u.id),
                label: `${u.nome} (${u.matricula})`,
              }))}
              value={mentions}
              onChange={setMentions}
              searchable
              clearable
            />
          ) : null}
          <AttachmentInput
            label="Anexos do comentário"
            placeholder="Imagens ou PDF"
            rule={purchasesCalls.addComment.multipart.files}
            value={files}
            onChange={setFiles}
          />
          <Group justify="flex-end">
            <Button
              disabled={!text.trim()}
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { stage: request.status, text: toHtml(text), listMention: mentions.map(Number), files },
                  {
                    onSuccess: () => {
                      setText('');
                      setMentions([]);
                      setFiles([]);
                    },
                  },
                )
              }
            >
              Enviar comentário
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
