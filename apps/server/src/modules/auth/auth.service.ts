import { randomBytes, randomInt } from 'node:crypto';
import {
  type changeOwnPasswordBody,
  LIMITS,
  type loginBody,
  MSG,
  type SessionUser,
  type updateOwnContactBody,
} from '@intranet/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { auditedChange } from '../../platform/audit.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../platform/errors.ts';
import { fileUrlPath } from '../../platform/files.routes.ts';
import { commitWithFiles } from '../../platform/image-upload.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../platform/passwords.ts';
import type { PasswordGuard } from '../../platform/rate-limit.ts';
import { createSession, deleteSession, endUserAccess, hashToken } from '../../platform/sessions.ts';
import { itEmailOf } from '../../platform/settings.ts';
import type { ReceivedForm } from '../../platform/uploads.ts';
import type { Storage } from '../../storage/storage.ts';
import * as q from './auth.queries.ts';

export const DEFAULT_POLICY_VERSION = LIMITS.policyVersion;

/** Where a password is being tried: the guard that counts failures, and the client's address. */
export interface PasswordAttempt {
  guard: PasswordGuard;
  address: string;
}

/**
 * Whom a login attempt is against: the user the name resolves to (matrícula and CPF are one
 * person), or, when no user has it, the name as the lookup reads it.
 */
function loginPerson(username: string, userId: number | undefined): string {
  if (userId !== undefined) return `user:${userId}`;
  const digits = username.replace(/\D/g, '');
  return `name:${digits.length === 11 ? digits : username.trim().toLowerCase()}`;
}

const ownPerson = (user: SessionUser) => `user:${user.userId}`;

export async function login(
  db: Db,
  attempt: PasswordAttempt,
  input: z.output<typeof loginBody>,
  meta: { ip: string | null; userAgent: string | null },
): Promise<string> {
  const user = await q.findActiveUserByLogin(db, input.username);
  const person = loginPerson(input.username, user?.id);
  await attempt.guard.assertAllowed(person, attempt.address);
  const ok = user
    ? await verifyPassword(input.password, user.senha)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await attempt.guard.failed(person, attempt.address);
    throw new HttpError(401, MSG.loginFailed, { success: false });
  }
  return auditedChange(db, user.id, async (tx, record) => {
    const token = await createSession(tx, user.id, meta);
    record({ action: 'login', entity: 'session', summary: 'Entrou na intranet' });
    return token;
  });
}

export async function logout(db: Db, user: SessionUser, sessionId: number): Promise<void> {
  await auditedChange(db, user.userId, async (tx, record) => {
    await deleteSession(tx, sessionId);
    record({
      action: 'logout',
      entity: 'session',
      summary: 'Saiu da intranet',
    });
  });
}

/**
 * Ends every session of the user, on every device, and his iCalendar link (platform/sessions.ts
 * #endUserAccess): what to do after using a shared or lost computer or phone.
 */
export async function logoutEverywhere(db: Db, user: SessionUser): Promise<void> {
  await auditedChange(db, user.userId, async (tx, record) => {
    await endUserAccess(tx, user.userId);
    record({
      action: 'logout.everywhere',
      entity: 'user',
      entityId: user.userId,
      summary: 'Saiu da intranet em todos os dispositivos',
    });
  });
}

/** "jo***@rotasul.com.br": enough for the user to recognise the address, not to learn it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.length <= 1 ? '' : local.slice(0, Math.min(2, local.length - 1));
  return `${visible}***@${domain}`;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

export async function sendRecoveryCode(db: Db, mailer: Mailer, registration: string): Promise<string> {
  const user = await q.findActiveUserByLogin(db, registration);
  if (!user) throw notFound(MSG.recoveryUserError);
  if (!user.email) throw badRequest(MSG.recoveryNoEmail);
  await mailRecoveryCode(db, mailer, { ...user, email: user.email }, { purpose: 'reset', actorId: user.id });
  return maskEmail(user.email);
}

/** Hours a first-password code lasts: an imported person may read the e-mail days later. */
export const FIRST_PASSWORD_CODE_HOURS = 72;

/**
 * Why a code is mailed: a forgotten password ("Esqueci a senha"), or the first password of a user
 * an administrator imported (decision 0117), who knows no password and confirms the same code in
 * the same dialog; `url` opens it at the code.
 */
export type CodeMail =
  | { purpose: 'reset'; actorId: number }
  | { purpose: 'first'; actorId: number; url: string };

/**
 * A new recovery code for the user (replacing a live one), stored hashed with its audit row, then
 * e-mailed: the one way a password is set without knowing the old one.
 */
export async function mailRecoveryCode(
  db: Db,
  mailer: Mailer,
  user: { id: number; nome: string; email: string; matricula: string },
  why: CodeMail,
): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(LIMITS.recoveryCodeLength, '0');
  const codeHash = await hashPassword(code);
  const minutes = why.purpose === 'first' ? FIRST_PASSWORD_CODE_HOURS * 60 : LIMITS.recoveryCodeTtlMinutes;
  await auditedChange(db, why.actorId, async (tx, record) => {
    await q.replaceResetCode(tx, user.id, codeHash, minutesFromNow(minutes));
    record({
      action: 'password.code_sent',
      entity: 'user',
      entityId: user.id,
      summary:
        why.purpose === 'first'
          ? 'Código para criar a senha enviado por e-mail ao usuário importado'
          : 'Código de recuperação de senha enviado por e-mail',
    });
  });
  await mailer.send(
    why.purpose === 'first'
      ? {
          to: user.email,
          subject: 'Intranet: crie sua senha',
          text: [
            `Olá, ${user.nome}.`,
            '',
            `Você foi cadastrado na intranet com a matrícula ${user.matricula}.`,
            `Seu código para criar a senha da intranet é: ${code}`,
            '',
            `Para criar a senha, abra ${why.url} e digite o código. Ele vale por ${FIRST_PASSWORD_CODE_HOURS} horas; depois disso, use "Esqueci a senha" na tela de entrada para receber outro.`,
          ].join('\n'),
        }
      : {
          to: user.email,
          subject: 'Intranet: código para redefinir sua senha',
          text: [
            `Olá, ${user.nome}.`,
            '',
            `Seu código para redefinir a senha da intranet é: ${code}`,
            '',
            `Ele vale por ${LIMITS.recoveryCodeTtlMinutes} minutos. Se você não pediu a troca de senha, ignore este e-mail.`,
          ].join('\n'),
        },
  );
}

/** The user's live code row, or a 400 when there is none to check. */
async function liveCode(db: Db, userId: number) {
  const row = await q.findResetCode(db, userId);
  if (
    !row ||
    row.used_at !== null ||
    Date.parse(row.expires_at) <= Date.now() ||
    row.attempts >= LIMITS.recoveryCodeMaxAttempts
  ) {
    throw badRequest(MSG.recoveryCodeInvalid);
  }
  return row;
}

/**
 * Verifies the e-mailed code and answers a one-time token for updatepassword. The route hands it to
 * the browser as an httpOnly cookie, so that knowing a matrícula is not enough to set its password
 * while a verified code is live (updatepassword's documented body carries no proof of its own).
 */
export async function checkRecoveryCode(db: Db, registration: string, code: string): Promise<string> {
  const user = await q.findActiveUserByLogin(db, registration);
  if (!user) throw notFound(MSG.recoveryUserError);
  const row = await liveCode(db, user.id);
  if (!(await verifyPassword(code, row.code_hash))) {
    await q.countResetAttempt(db, row.id);
    throw badRequest(MSG.recoveryCodeInvalid);
  }
  const token = randomBytes(32).toString('base64url');
  await q.markResetCodeVerified(db, row.id, hashToken(token));
  return token;
}

export async function resetPassword(
  db: Db,
  registration: string,
  password: string,
  verifyToken: string | undefined,
): Promise<void> {
  const user = await q.findActiveUserByLogin(db, registration);
  if (!user) throw notFound(MSG.recoveryUserError);
  const row = await liveCode(db, user.id);
  if (row.verified_at === null || !verifyToken || row.verify_token_hash !== hashToken(verifyToken)) {
    throw badRequest(MSG.recoveryNotVerified);
  }
  const hash = await hashPassword(password);
  await auditedChange(db, user.id, async (tx, record) => {
    await q.updatePasswordHash(tx, user.id, hash);
    await q.markResetCodeUsed(tx, row.id);
    await endUserAccess(tx, user.id);
    record({
      action: 'password.reset',
      entity: 'user',
      entityId: user.id,
      summary: 'Senha redefinida pelo código enviado por e-mail',
    });
  });
}

/** A wrong password of one's own counts against the same limits as a wrong login. */
async function verifyOwnPassword(
  db: Db,
  attempt: PasswordAttempt,
  user: SessionUser,
  password: string,
  wrongMessage: string,
): Promise<void> {
  await attempt.guard.assertAllowed(ownPerson(user), attempt.address);
  const hash = await q.findPasswordHash(db, user.userId);
  if (hash && (await verifyPassword(password, hash))) return;
  await attempt.guard.failed(ownPerson(user), attempt.address);
  throw forbidden(wrongMessage);
}

export async function checkOwnPassword(
  db: Db,
  attempt: PasswordAttempt,
  user: SessionUser,
  password: string,
): Promise<void> {
  await verifyOwnPassword(db, attempt, user, password, MSG.passwordWrong);
}

export async function changeOwnPassword(
  db: Db,
  attempt: PasswordAttempt,
  user: SessionUser,
  sessionId: number,
  input: z.output<typeof changeOwnPasswordBody>,
): Promise<void> {
  await verifyOwnPassword(db, attempt, user, input.oldPassword, MSG.oldPasswordWrong);
  const newHash = await hashPassword(input.newPassword);
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.updatePasswordHash(tx, user.userId, newHash);
    await endUserAccess(tx, user.userId, sessionId);
    record({
      action: 'password.change',
      entity: 'user',
      entityId: user.userId,
      summary: 'Alterou a própria senha',
    });
  });
}

export async function currentPolicy(db: Db) {
  const [version, itEmail] = await Promise.all([q.getSetting(db, 'policy_version'), itEmailOf(db)]);
  const v = version ?? DEFAULT_POLICY_VERSION;
  const [y, m, d] = v.split('-');
  return { version: v, versionLabel: `${d}/${m}/${y}`, itEmail };
}

export async function acceptPolicy(db: Db, user: SessionUser): Promise<void> {
  const { version } = await currentPolicy(db);
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.insertPolicyAcceptance(tx, user.userId, version);
    record({
      action: 'policy.accept',
      entity: 'policy',
      entityId: version,
      summary: `Aceitou a política de uso versão ${version}`,
    });
  });
}

export async function updateOwnContact(
  db: Db,
  user: SessionUser,
  contact: z.output<typeof updateOwnContactBody>,
): Promise<void> {
  await auditedChange(db, user.userId, async (tx, record) => {
    await q.updateContact(tx, user.userId, contact);
    record({
      action: 'user.update_contact',
      entity: 'user',
      entityId: user.userId,
      summary: 'Atualizou e-mail e telefone',
    });
  });
}

export async function changeProfilePicture(db: Db, user: SessionUser, form: ReceivedForm, storage: Storage) {
  const file = form.files[0];
  if (!file) throw badRequest(MSG.fileMissing);
  const foto = fileUrlPath(file.key);
  return commitWithFiles(form, storage, () =>
    auditedChange(db, user.userId, async (tx, record) => {
      const previous = await q.findPhoto(tx, user.userId);
      await q.updatePhoto(tx, user.userId, foto);
      record({
        action: 'user.photo',
        entity: 'user',
        entityId: user.userId,
        summary: 'Alterou a foto de perfil',
      });
      return { result: foto, obsolete: [previous] };
    }),
  );
}
