import { canSeeOtAttachments, MSG, otSchema } from '@intranet/contracts';
import { Loader, Stack, Text } from '@mantine/core';
import { useUser } from '../../../platform/session.tsx';
import { FileLinks } from '../../../ui/FileLinks.tsx';
import { attachmentUrl, useOtAttachments } from '../operations.api.ts';

/**
 * The operation attachments of one OT, shown inside another record that names the OT (a fine,
 * decision 0121): read with the OT lookup (GET /api/operation), whose rule is canSeeOtAttachments.
 */
export function OtAttachmentLinks({ ot }: { ot: string | null }) {
  const user = useUser();
  const parsed = otSchema.safeParse(ot ?? '');
  const shown = parsed.success && canSeeOtAttachments(user) ? parsed.data : null;
  const files = useOtAttachments(shown);
  if (shown === null) return null;
  return (
    <Stack gap={4} component="section" aria-label={`Anexos da operação da OT ${shown}`}>
      <Text size="sm" fw={600}>
        Anexos da operação (OT {shown})
      </Text>
      {files.isPending ? (
        <Loader size="xs" role="status" aria-label="Carregando" />
      ) : (files.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed">
          {MSG.operationEmpty}
        </Text>
      ) : (
        <FileLinks
          files={(files.data ?? []).map((a) => ({
            key: a.id,
            name: a.name,
            url: attachmentUrl(a),
            mime: a.mime,
          }))}
        />
      )}
    </Stack>
  );
}
