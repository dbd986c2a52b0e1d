import {
  formatDateTime,
  type PurchaseDetail,
  purchaseStatusLabel,
  purchasesCalls,
} from '@intranet/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AttachmentInput } from '../../../ui/AttachmentInput.tsx';
import { FileLinks } from '../../../ui/FileLinks.tsx';
import { RichTextInput } from '../../../ui/RichTextInput.tsx';
import { RichTextView } from '../../../ui/RichTextView.tsx';
import { isBlankRichText, mentionIdsOf } from '../../../ui/rich-text.ts';
import { purchaseFileUrl, useAddComment, useComments, useMentionSearch } from '../purchases.api.ts';

/**
 * One thread per stage: the comments of each stage, newest last, and the editor for the current one
 * (rich text; "@" mentions a Compras user, who gets an e-mail).
 */
export function CommentsSection({ request, canMention }: { request: PurchaseDetail; canMention: boolean }) {
  const comments = useComments(request.id);
  const add = useAddComment(request.id);
  const findMentions = useMentionSearch();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const byStage = new Map<number, NonNullable<typeof comments.data>>();
  for (const c of comments.data ?? []) byStage.set(c.stage, [...(byStage.get(c.stage) ?? []), c]);
  const blank = isBlankRichText(text);

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
            <Paper key={c.id} withBorder p="xs" radius="md" data-comment={c.id}>
              <Text size="xs" c="dimmed">
                {c.userName} · {formatDateTime(c.date)}
              </Text>
              <RichTextView html={c.text} />
              {c.attachments.length > 0 ? (
                <FileLinks
                  files={c.attachments.map((a) => ({
                    key: a.filepath,
                    name: a.name,
                    url: purchaseFileUrl(a.filepath),
                  }))}
                />
              ) : null}
            </Paper>
          ))}
        </Stack>
      ))}
      {request.abilities.comment ? (
        <Stack gap="xs">
          <RichTextInput
            label={`Comentar na etapa ${purchaseStatusLabel(request.status)}`}
            description={
              canMention ? 'Digite @ para mencionar alguém de Compras (recebe um e-mail).' : undefined
            }
            value={text}
            onChange={setText}
            findMentions={canMention ? findMentions : undefined}
          />
          <AttachmentInput
            label="Anexos do comentário"
            placeholder="Imagens ou PDF"
            rule={purchasesCalls.addComment.multipart.files}
            value={files}
            onChange={setFiles}
          />
          <Group justify="flex-end">
            <Button
              disabled={blank}
              loading={add.isPending}
              onClick={() =>
                add.mutate(
                  { stage: request.status, text, listMention: canMention ? mentionIdsOf(text) : [], files },
                  {
                    onSuccess: () => {
                      setText('');
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
