import {
  canManageUsers,
  employeeListQuery,
  otListQuery,
  ROOT_FOLDER_ID,
  userListQuery,
} from '@intranet/contracts';
import { plainText } from '../../platform/plain-text.ts';
import { searchBelow } from '../folders/folders.search.ts';
import { folderTree } from '../folders/folders.tree.ts';
import { listEmployees } from '../hr/hr.queries.ts';
import { searchNotices } from '../notices/notices.queries.ts';
import { otFolders } from '../operations/operations.queries.ts';
import { listUsers } from '../users/users.service.ts';
import { answerOf, type KindSearch, READ, withParam } from './busca.kind.ts';

/**
 * What one search finds besides workflow records (issue 35): people, employees, folders and files,
 * notices and operation attachments, each through its module's list.
 */

/** A notice's title in the results: its text without markup, cut to a line. */
const TITLE_MAX = 120;
const oneLine = (html: string) => {
  const text = plainText(html).replace(/\s+/g, ' ').trim();
  return text.length > TITLE_MAX ? `${text.slice(0, TITLE_MAX - 1)}…` : text;
};

/**
 * People by name or matrícula, through the users list the caller opens: the directory's fields
 * (name, matrícula, sectors: LGPD, what that list shows him). A user administrator opens the person
 * in Usuários; there is no page of a person for anyone else (href '').
 */
export const searchPessoas: KindSearch = async (ctx, who, text) => {
  const parsed = userListQuery.safeParse({ data: text, pageSize: READ });
  if (!parsed.success) return undefined;
  const found = await listUsers(ctx.db, who.user, parsed.data);
  const admin = canManageUsers(who.user);
  return answerOf(
    found.users,
    (u) => ({
      id: String(u.id),
      title: u.nome,
      detail: [`Matrícula ${u.matricula}`, ...u.setores].join(' · '),
      href: admin ? withParam('/setusers', 'nome', u.nome) : '',
    }),
    admin ? withParam('/setusers', 'nome', text) : undefined,
  );
};

/** Employees (the HR team only) by name or matrícula, through the employees list. */
export const searchFuncionarios: KindSearch = async (ctx, _who, text) => {
  const parsed = employeeListQuery.safeParse({ search: text, pageSize: READ });
  if (!parsed.success) return undefined;
  const { sort, dir, page, pageSize, ...filters } = parsed.data;
  const found = await listEmployees(ctx.db, filters, { sort, dir, page, pageSize });
  return answerOf(found.rows, (e) => ({
    id: String(e.id),
    title: `${e.name}${e.DismissalId ? ' (D)' : ''}`,
    detail: [`Matrícula ${e.Registration}`, e.sector].filter(Boolean).join(' · '),
    href: withParam('/setEmployees', 'funcionario', String(e.id)),
  }));
};

/** Folders and files by name in the folders the caller reaches (the explorer's own search). */
export const searchArquivos: KindSearch = async (ctx, who, text) => {
  const found = await searchBelow(ctx.db, await folderTree(ctx.db), who.user, ROOT_FOLDER_ID, text, {
    limit: READ,
  });
  const items = [
    ...found.folders.map((f) => ({
      id: `pasta:${f.id}`,
      title: f.name,
      detail: `Pasta · ${found.location(f.parent_id)}`,
      href: withParam('/FoldersFiles', 'pasta', String(f.id)),
    })),
    ...found.files.map((f) => ({
      id: `arquivo:${f.id}`,
      title: f.name,
      detail: `Arquivo · ${found.location(f.folder_id)}`,
      href: withParam('/FoldersFiles', 'pasta', String(f.folder_id)),
    })),
  ];
  const answer = answerOf(items, (i) => i);
  return { ...answer, more: answer.more || found.truncated };
};

/** Notices (/avisos, every reader's) by their text. */
export const searchAvisos: KindSearch = async (ctx, _who, text) => {
  const rows = await searchNotices(ctx.db, text, READ);
  return answerOf(rows, (n) => ({
    id: String(n.id),
    title: oneLine(n.text),
    detail: n.setor ? `Aviso · ${n.setor}` : 'Aviso',
    href: withParam('/avisos', 'aviso', String(n.id)),
  }));
};

/** Operation attachments by OT (digits, as the attachments list takes them): one hit per OT. */
export const searchOperacoes: KindSearch = async (ctx, _who, text) => {
  const parsed = otListQuery.safeParse({ search: text, limit: READ });
  if (!parsed.success || !parsed.data.search) return undefined;
  const found = await otFolders(ctx.db, { search: parsed.data.search, limit: READ });
  return answerOf(found.rows, (o) => ({
    id: o.ot,
    title: `OT ${o.ot}`,
    detail: o.files === 1 ? '1 arquivo' : `${o.files} arquivos`,
    href: withParam('/homeAnexoOperacao/listanexosoperacao', 'ot', o.ot),
  }));
};
