import {
  canCommentPurchase,
  canSeePurchase,
  PURCHASE_MSG as MSG_PURCHASE,
  type PurchaseComment,
  purchaseStatusLabel,
  type purchasesCalls,
  type SessionUser,
} from '@intranet/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { nowIso } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { authorize, badRequest } from '../../platform/errors.ts';
import type { BodyOrFormReader } from '../../platform/multipart-form.ts';
import { richTextToPlain, sanitizeRichText } from '../../platform/rich-text.ts';
import { loadSessionUser } from '../../platform/sessions.ts';
import * as q from './purchases.queries.ts';
import {
  actorOf,
  filePath,
  fileRow,
  footer,
  type Loaded,
  loadVisible,
  mail,
  withFiles,
} from './purchases.service.ts';

export async function listComments(
  ctx: AppContext,
  user: SessionUser,
  id: number,
): Promise<PurchaseComment[]> {
  await loadVisible(ctx, await actorOf(ctx, user), id);
  const [rows, files] = await Promise.all([q.listComments(ctx.db, id), q.listFiles(ctx.db, id)]);
  return rows.map((c) => ({
    id: c.id,
    stage: c.stage,
    text: c.text,
    date: c.created_at,
    user_id: c.user_id,
    userName: c.user_name,
    imageProfile: c.foto,
    attachments: files
      .filter((f) => f.comment_id === c.id)
      .map((f) => ({ request_comment_id: c.id, filepath: filePath(id, f.id), name: f.original_name })),
    listMention: c.mentions ? c.mentions.split(',').map(Number) : [],
  }));
}

/** The request, when the user may comment on it (404 if he may not see it, 403 if he may not comment). */
export async function commentable(ctx: AppContext, user: SessionUser, id: number): Promise<Loaded> {
  const actor = await actorOf(ctx, user);
  const loaded = await loadVisible(ctx, actor, id);
  authorize(canCommentPurchase(actor, loaded.facts));
  return loaded;
}

/** A stage comment with its attachments (kept only if the comment is written: one transaction). */
export async function addComment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  user: SessionUser,
  id: number,
  read: BodyOrFormReader<typeof purchasesCalls.addComment.multipart>,
): Promise<void> {
  const { fields: body, form } = await read({
    // A caller who may not comment on this request stores no byte.
    beforeFile: async () => {
      await commentable(ctx, user, id);
    },
  });
  const files = form?.files ?? [];
  const { record, mentioned, plain } = await withFiles(ctx, form, async () => {
    const { record, facts } = await commentable(ctx, user, id);
    const html = sanitizeRichText(body.text);
    const plain = richTextToPlain(html);
    if (!plain) throw badRequest(MSG_PURCHASE.commentEmpty);
    // Only mentioned users who may see the request are kept (and e-mailed): a mention reveals nothing.
    const mentioned: { id: number; nome: string; email: string | null }[] = [];
    for (const mid of [...new Set(body.listMention)].filter((m) => m !== user.userId)) {
      const other = await loadSessionUser(ctx.db, mid);
      if (!other) continue;
      if (!canSeePurchase(await actorOf(ctx, other), facts)) continue;
      const [contact] = await q.userContacts(ctx.db, [mid]);
      if (contact) mentioned.push(contact);
    }
    const now = nowIso();
    await auditedChange(ctx.db, user.userId, async (tx, audit) => {
      const commentId = await q.insertComment(tx, {
        request_id: id,
        stage: body.stage,
        text: html,
        user_id: user.userId,
        user_name: user.userName,
        mentions: mentioned.map((m) => m.id).join(','),
        created_at: now,
      });
      for (const f of files) await q.insertFile(tx, fileRow(f, id, commentId, now));
      audit({
        action: 'purchase.comment',
        entity: 'purchase',
        entityId: id,
        summary:
          `Comentário na etapa ${purchaseStatusLabel(body.stage)}` +
          (files.length > 0 ? ` com ${files.length} anexo(s)` : ''),
      });
    });
    return { record, mentioned, plain };
  });
  await mail(
    ctx,
    log,
    mentioned,
    `Você foi mencionado na solicitação #${id}`,
    `${user.userName} mencionou você na solicitação #${id} (${record.descript}):\n\n${plain}\n\n${footer}\n`,
  );
}
