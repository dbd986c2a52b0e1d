import { randomBytes } from 'node:crypto';
import {
  canImportUsers,
  type ImportedUser,
  readUserImportRow,
  type SessionUser,
  USER_IMPORT_COLUMNS,
  type UserImportField,
  updateRefusal,
} from '@intranet/contracts';
import { type DbOrTx, nowIso, type Tx } from '../../db/database.ts';
import { auditMany } from '../../platform/audit.ts';
import { authorize } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import * as sheet from '../../platform/sheet-import.ts';
import { mailRecoveryCode } from '../auth/auth.service.ts';
import {
  type ActiveOrgNames,
  activeOrgNames,
  checkBranchNames,
  checkSectorNames,
  orgLists,
} from '../org/org.names.ts';
import * as q from './users.import.queries.ts';
import { adminFlagFor } from './users.service.ts';

/**
 * The users import (decision 0117): a line is a user by matrícula. A new matrícula is added with
 * no password anybody knows and gets the e-mail to create one; a known one is updated (name, CPF,
 * e-mail, sectors, branches, privilege, support; never the password); one as stored is left alone.
 */

/** A name check's refusal as the line's reason (the check answers the stored names or throws a 400). */
const checked =
  (check: (typed: string[]) => string[]) =>
  (typed: string[], errors: string[]): string[] =>
    typed.length === 0 ? [] : sheet.lineCheck(() => check(typed), [], errors);

const LABELS: Record<string, string> = {
  nome: 'nome',
  cpf: 'CPF',
  email: 'e-mail',
  setores: 'setores',
  filiais: 'filiais',
  privilegio: 'privilégio',
  suport: 'suporte',
};

const sameList = (a: readonly string[], b: readonly string[]) =>
  a[0] === b[0] && a.length === b.length && a.every((x) => b.includes(x));

/** What an update changes, by the preview's words; empty when the line repeats what is stored. */
function changesOf(old: q.StoredUser, v: ImportedUser): string[] {
  const changed: string[] = [];
  if (old.nome !== v.nome) changed.push('nome');
  if (old.cpf !== v.cpf) changed.push('cpf');
  if ((old.email ?? '') !== v.email) changed.push('email');
  if (!sameList(old.setores, v.setores)) changed.push('setores');
  if (!sameList(old.filiais, v.filiais)) changed.push('filiais');
  if (old.privilegio !== v.privilegio) changed.push('privilegio');
  if (old.suport !== v.suport) changed.push('suport');
  return changed.map((c) => LABELS[c] ?? c);
}

async function planUsers(
  db: DbOrTx,
  rows: sheet.CheckedRow<ImportedUser>[],
  user: SessionUser,
): Promise<sheet.LinePlan[]> {
  const stored = await q.usersByMatriculaOrCpf(
    db,
    rows.map((r) => r.values.matricula),
    rows.map((r) => r.values.cpf),
  );
  const byMatricula = new Map(stored.map((u) => [u.matricula, u]));
  const byCpf = new Map(stored.filter((u) => u.cpf).map((u) => [u.cpf as string, u]));
  const org = await orgLists(db);
  return rows.map(({ values: v }): sheet.LinePlan => {
    const old = byMatricula.get(v.matricula);
    const cpfOwner = byCpf.get(v.cpf);
    if (cpfOwner && cpfOwner.matricula !== v.matricula) return sheet.cpfTakenPlan(cpfOwner.matricula);
    if (!old) return { action: 'add', detail: null };
    if (old.active !== 1)
      return { action: 'refuse', detail: `A matrícula ${v.matricula} é de um usuário excluído.` };
    const refusal = updateRefusal(user, old, v, org);
    if (refusal) return { action: 'refuse', detail: refusal };
    return sheet.updatePlan(changesOf(old, v));
  });
}

/** A user the import added: who gets the e-mail to create a password. */
interface AddedUser {
  id: number;
  nome: string;
  email: string;
  matricula: string;
}

async function writeUsers(
  tx: Tx,
  rows: sheet.CheckedRow<ImportedUser>[],
  plans: sheet.LinePlan[],
  user: SessionUser,
): Promise<AddedUser[]> {
  const now = nowIso();
  const adds = sheet.plannedValues(rows, plans, 'add');
  const updates = sheet.plannedValues(rows, plans, 'update');
  // A password nobody knows (its random text is dropped at once), one hash for the batch: the
  // person creates his own through the e-mailed code.
  const unknownPassword = adds.length > 0 ? await hashPassword(randomBytes(32).toString('base64url')) : '';
  const added = await q.insertUsers(
    tx,
    adds.map((v) => ({
      nome: v.nome,
      senha: unknownPassword,
      matricula: v.matricula,
      cpf: v.cpf,
      email: v.email,
      tell: null,
      filial: v.filiais[0] as string,
      privilegio: v.privilegio,
      suport: v.suport,
      admin: adminFlagFor(v.privilegio),
      created_at: now,
      updated_at: now,
    })),
  );
  const idOf = new Map(added.map((a) => [a.matricula, a.id]));
  const updatedIds = await q.updateUsers(
    tx,
    updates.map((v) => ({
      matricula: v.matricula,
      nome: v.nome,
      cpf: v.cpf,
      email: v.email,
      filial: v.filiais[0] as string,
      privilegio: v.privilegio,
      suport: v.suport,
      admin: adminFlagFor(v.privilegio),
      updated_at: now,
    })),
  );
  for (const [matricula, id] of updatedIds) idOf.set(matricula, id);
  await q.replaceMembershipsOf(
    tx,
    [...adds, ...updates].map((v) => ({
      userId: idOf.get(v.matricula) as number,
      setores: v.setores,
      filiais: v.filiais,
    })),
  );
  await auditMany(tx, [
    ...adds.map((v) => ({
      userId: user.userId,
      action: 'user.create',
      entity: 'user',
      entityId: idOf.get(v.matricula),
      summary: `Cadastrou o usuário ${v.matricula} (${v.nome}) pela importação, privilégio ${v.privilegio}`,
    })),
    ...updates.map((v) => ({
      userId: user.userId,
      action: 'user.update',
      entity: 'user',
      entityId: idOf.get(v.matricula),
      summary: `Alterou o usuário ${v.matricula} pela importação: privilégio ${v.privilegio}, suporte ${v.suport}, setores ${v.setores.join(', ')}, filiais ${v.filiais.join(', ')}`,
    })),
  ]);
  return adds.map((v) => ({
    id: idOf.get(v.matricula) as number,
    nome: v.nome,
    email: v.email,
    matricula: v.matricula,
  }));
}

/** E-mails sent at once after an import (each also hashes its code: scrypt, on the thread pool). */
const MAILS_AT_ONCE = 4;

export const usersImport: sheet.SheetImport<UserImportField, ImportedUser, ActiveOrgNames, AddedUser> = {
  kind: 'user-imports',
  prefix: 'user-imports',
  columns: USER_IMPORT_COLUMNS,
  authorize: (user) => authorize(canImportUsers(user)),
  known: activeOrgNames,
  reader: (org) => {
    const names = {
      setores: checked((typed) => checkSectorNames(org, typed, { field: 'Setores' })),
      filiais: checked((typed) => checkBranchNames(org, typed, { field: 'Filial' })),
    };
    return (cells) => {
      const row = readUserImportRow(cells, names);
      return row.ok ? { ok: true, values: row.user } : row;
    };
  },
  label: (cells) => ({ key: cells.matricula ?? '', name: cells.nome ?? '' }),
  unique: [
    { header: 'Matrícula', of: (v) => v.matricula },
    { header: 'CPF', of: (v) => v.cpf },
  ],
  plan: planUsers,
  write: (tx, rows, plans, user) => writeUsers(tx, rows, plans, user),
  summary: (fileName, c) => ({
    action: 'user.import',
    entity: 'user',
    summary: sheet.importSummary('usuários', fileName, c),
  }),
  async after(ctx, added, user, log) {
    const queue = [...added];
    const url = (matricula: string) =>
      `${ctx.config.publicUrl}/login?definir-senha=${encodeURIComponent(matricula)}`;
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const person = next;
        await mailRecoveryCode(ctx.db, ctx.mailer, person, {
          purpose: 'first',
          actorId: user.userId,
          url: url(person.matricula),
        }).catch((err) =>
          log.error({ err, userId: person.id }, 'falha ao enviar o e-mail para criar a senha'),
        );
      }
    };
    await Promise.all(Array.from({ length: MAILS_AT_ONCE }, worker));
  },
};

/** POST /api/users/import (the preview), …/:id/commit (one transaction; then the new users' e-mails), DELETE …/:id. */
export const {
  preview: previewUsersImport,
  commit: commitUsersImport,
  cancel: cancelUsersImport,
} = sheet.sheetImportCalls(usersImport);
