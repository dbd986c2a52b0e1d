/**
 * `npm run admin -- create --matricula 1 --nome "…" --cpf … --email …` and
 * `npm run admin -- reset-password MATRICULA`: administrators without a browser, on the database the
 * server's settings name (DATABASE_URL or DATA_DIR). The password is typed at the terminal, twice,
 * or read from ADMIN_PASSWORD when there is no terminal; never from the command line, where other
 * users of the machine and the shell's history would see it.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import password from '@inquirer/password';
import { administratorBody, administratorPassword, MSG } from '@intranet/contracts';
import type { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAdministrator, resetAdministratorPassword } from '../modules/users/users.administrators.ts';
import { HttpError } from '../platform/errors.ts';
import { ensureReferenceData } from '../seed/reference-data.ts';

const USAGE = `Uso:
  npm run admin -- create --matricula N --nome "Nome Completo" --cpf CPF --email E-MAIL
  npm run admin -- reset-password MATRICULA
A senha é pedida no terminal (ou lida de ADMIN_PASSWORD quando não há terminal).`;

class Refused extends Error {}

const firstProblem = (error: z.ZodError) =>
  error.issues.map((i) => `${i.path.join('.') || 'valor'}: ${i.message}`).join('\n');

async function readPassword(env: NodeJS.ProcessEnv): Promise<string> {
  if (!process.stdin.isTTY) {
    const given = env.ADMIN_PASSWORD;
    if (!given) throw new Refused('Sem terminal: informe a senha em ADMIN_PASSWORD.');
    return given;
  }
  const first = await password({ message: 'Senha', mask: '*' });
  const again = await password({ message: 'Repita a senha', mask: '*' });
  if (first !== again) throw new Refused(MSG.userPasswordsDontMatch);
  return first;
}

/** Settings the server would refuse (a bad DATABASE_URL) are a refusal too, said as the server says it. */
function settings(env: NodeJS.ProcessEnv) {
  try {
    return loadConfig(env);
  } catch (err) {
    throw new Refused((err as Error).message);
  }
}

async function withDatabase<T>(env: NodeJS.ProcessEnv, run: (db: Db) => Promise<T>): Promise<T> {
  const config = settings(env);
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'intranet.sqlite'),
  });
  try {
    await migrateToLatest(database.db);
    await ensureReferenceData(database.db, { itEmail: config.itEmail });
    return await run(database.db);
  } finally {
    await database.close();
  }
}

async function create(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { values } = parseArgs({
    args,
    options: {
      matricula: { type: 'string' },
      nome: { type: 'string' },
      cpf: { type: 'string' },
      email: { type: 'string' },
    },
  });
  // The fields are checked before the password is asked for: a typo costs no typing.
  const fields = administratorBody.omit({ senha: true }).safeParse(values);
  if (!fields.success) throw new Refused(firstProblem(fields.error));
  const body = administratorBody.safeParse({ ...values, senha: await readPassword(env) });
  if (!body.success) throw new Refused(firstProblem(body.error));
  await withDatabase(env, (db) =>
    db.transaction().execute((tx) => createAdministrator(tx, body.data, 'terminal')),
  );
  return `Administrador ${body.data.matricula} (${body.data.nome}) cadastrado.`;
}

async function resetPassword(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { positionals } = parseArgs({ args, allowPositionals: true });
  const matricula = positionals[0];
  if (!matricula || positionals.length !== 1) throw new Refused(USAGE);
  const senha = administratorPassword.safeParse(await readPassword(env));
  if (!senha.success) throw new Refused(firstProblem(senha.error));
  await withDatabase(env, (db) => resetAdministratorPassword(db, matricula, senha.data));
  return `Senha do administrador ${matricula} redefinida; as sessões dele foram encerradas.`;
}

export interface CommandResult {
  code: number;
  out: string;
  err: string;
}

/** Runs one command line (without `npm run admin --`): what it prints and its exit code. */
export async function adminCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<CommandResult> {
  const [command, ...args] = argv;
  try {
    if (command === 'create') return { code: 0, out: await create(args, env), err: '' };
    if (command === 'reset-password') return { code: 0, out: await resetPassword(args, env), err: '' };
    throw new Refused(USAGE);
  } catch (err) {
    if (err instanceof Refused || err instanceof HttpError) return { code: 1, out: '', err: err.message };
    if (err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS'))
      return { code: 1, out: '', err: `${err.message}\n${USAGE}` };
    throw err;
  }
}
