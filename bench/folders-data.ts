/**
 * The data set of bench/folders.bench.ts: a company file share of BENCH_FOLDERS folders and
 * BENCH_FILES files (10,000 and 100,000 by default) inserted straight through Kysely in batch
 * inserts, next to the demo company the server seeded.
 *
 * Shape (deterministic: a seeded PRNG):
 * - 300 more employees (5 % Gestores, the rest Colaboradores) who own most folders and files;
 * - one folder per department under Home, then a random tree up to 7 levels deep;
 * - one big folder, "Faturamento / Notas Fiscais 2025", with 5,000 files and 400 client folders
 *   whose privileges vary, so that a Colaborador's listing of it filters rows;
 * - every other folder: privilege 3 (everyone) 50 %, 2 (Gestores) 25 %, 1 (owner, admins and
 *   shares) 15 %, private 10 %; 12 % are shared with one to three people, 1008 among them now and
 *   then;
 * - file names of a logistics office ("NF-e 000123 Cliente 0042.pdf", "Relatório de entregas
 *   2025-03 n12345.xlsx"…), one in six a "Relatório", dated over two years in the order of their ids, sizes 10 KB–5 MB.
 */
import { randomUUID } from 'node:crypto';
import { folderNameKey } from '@intranet/contracts';
import { sql } from 'kysely';
import type { Db, Dialect } from '../apps/server/src/db/database.ts';
import type { NewFolderFile } from '../apps/server/src/modules/folders/folders.queries.ts';
import { type SeededRandom, seededRandom } from '../apps/server/test/seeded-random.ts';

export interface TreeOptions {
  folders: number;
  files: number;
  /** The demo user whose shares make a Colaborador's view interesting (1008). */
  colaboradorMatricula: string;
}

export interface TreeSummary {
  folders: number;
  files: number;
  shares: number;
  users: number;
  bigFolderId: number;
  bigFolderFiles: number;
  bigFolderSubfolders: number;
  maxDepth: number;
  seconds: number;
}

const BATCH = 500;
const BIG_FOLDER_FILES = 5_000;
const BIG_FOLDER_SUBFOLDERS = 400;
const MAX_DEPTH = 7;

const DEPARTMENTS: { name: string; privilegio: number; isPrivate: number }[] = [
  { name: 'Compras', privilegio: 3, isPrivate: 0 },
  { name: 'Faturamento', privilegio: 3, isPrivate: 0 },
  { name: 'Operação', privilegio: 3, isPrivate: 0 },
  { name: 'Estoque', privilegio: 3, isPrivate: 0 },
  { name: 'Recursos Humanos', privilegio: 2, isPrivate: 0 },
  { name: 'Tecnologia de Informação', privilegio: 3, isPrivate: 0 },
  { name: 'Gestão de Multas', privilegio: 2, isPrivate: 0 },
  { name: 'QSSMA', privilegio: 3, isPrivate: 0 },
  { name: 'Jurídico', privilegio: 1, isPrivate: 0 },
  { name: 'Diretoria', privilegio: 1, isPrivate: 1 },
  { name: 'Infraestrutura', privilegio: 3, isPrivate: 0 },
  { name: 'Comercial', privilegio: 2, isPrivate: 0 },
];

const FOLDER_WORDS = [
  'Contratos',
  'Clientes',
  'Relatórios',
  'Notas Fiscais',
  'Manifestos',
  'Comprovantes de Entrega',
  'Cotações',
  'Frota',
  'Treinamentos',
  'Auditoria',
  'Avarias',
  'Inventário',
  'Folha de Pagamento',
  'Procedimentos',
  'Fornecedores',
  'Projetos',
];
const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

const FILE_KINDS: { name: (n: number, r: SeededRandom) => string; ext: string; mime: string }[] = [
  {
    name: (n, r) => `NF-e ${String(n).padStart(6, '0')} Cliente ${String(r.int(900)).padStart(4, '0')}`,
    ext: 'pdf',
    mime: 'application/pdf',
  },
  {
    name: (n, r) => `Relatório de entregas 2025-${r.pick(MONTHS)} n${n}`,
    ext: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  {
    name: (n, r) => `Contrato de transporte ${String(r.int(900)).padStart(4, '0')} v${n}`,
    ext: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { name: (n) => `Manifesto MDF-e ${n}`, ext: 'pdf', mime: 'application/pdf' },
  { name: (n) => `Foto avaria doca ${n}`, ext: 'jpg', mime: 'image/jpeg' },
  { name: (n) => `Comprovante de entrega ${n}`, ext: 'pdf', mime: 'application/pdf' },
];

interface FolderRow {
  id: number;
  name: string;
  name_key: string;
  parent_id: number;
  user_id: number;
  privilegio: number;
  is_private: number;
  created_at: string;
}

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function insertFolderTree(db: Db, dialect: Dialect, options: TreeOptions): Promise<TreeSummary> {
  const started = Date.now();
  const r = seededRandom(20_260_401);
  const now = Date.now();
  const twoYears = 2 * 365 * 86_400_000;
  // Dated in the order they are inserted, as a share fills up (the search lists the newest, by id,
  // first): `share` of the two years passed, less up to a day.
  const when = (share: number) => new Date(now - twoYears * (1 - share) - r.int(86_400_000)).toISOString();

  // Employees who own and share folders: 300 more users (they never sign in: the hash is a dummy).
  const stamp = new Date(now).toISOString();
  const newUsers = Array.from({ length: 300 }, (_, i) => ({
    nome: `Funcionário Bench ${String(i + 1).padStart(3, '0')}`,
    senha: 'bench:no-login',
    matricula: `9${String(i + 1).padStart(5, '0')}`,
    cpf: null,
    email: null,
    tell: null,
    filial: i % 3 === 0 ? 'Maua' : 'Matriz',
    privilegio: i % 20 === 0 ? 2 : 3,
    suport: i % 20 === 0 ? 1 : 0,
    admin: 0,
    foto: null,
    created_at: stamp,
    updated_at: stamp,
  }));
  await inBatches(newUsers, (batch) => db.insertInto('users').values(batch).execute());
  const users = await db.selectFrom('users').select(['id', 'matricula', 'privilegio']).execute();
  const idOf = (matricula: string) => users.find((u) => u.matricula === matricula)!.id;
  const managers = users.filter((u) => u.privilegio <= 2).map((u) => u.id);
  const everyone = users.map((u) => u.id);
  const colaborador = idOf(options.colaboradorMatricula);

  // Folders get explicit ids (parents before children), so that the tree is built in memory first.
  const maxId = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirstOrThrow();
  let nextId = Number(maxId.max) + 1;
  const folders: FolderRow[] = [];
  const depth = new Map<number, number>([[1, 0]]);
  const addFolder = (
    parentId: number,
    name: string,
    ownerId: number,
    privilegio: number,
    isPrivate: number,
  ): FolderRow => {
    const row: FolderRow = {
      id: nextId++,
      name,
      name_key: folderNameKey(name),
      parent_id: parentId,
      user_id: ownerId,
      privilegio,
      is_private: isPrivate,
      created_at: when(folders.length / options.folders),
    };
    folders.push(row);
    depth.set(row.id, (depth.get(parentId) ?? 0) + 1);
    return row;
  };
  const randomAccess = () => {
    const x = r.next();
    if (x < 0.5) return { privilegio: 3, isPrivate: 0 };
    if (x < 0.75) return { privilegio: 2, isPrivate: 0 };
    if (x < 0.9) return { privilegio: 1, isPrivate: 0 };
    return { privilegio: 1, isPrivate: 1 };
  };

  const departments = DEPARTMENTS.map((d) =>
    addFolder(1, d.name, r.pick(managers), d.privilegio, d.isPrivate),
  );
  const faturamento = departments[1]!;
  const big = addFolder(faturamento.id, 'Notas Fiscais 2025', idOf('1007'), 3, 0);
  for (let i = 0; i < BIG_FOLDER_SUBFOLDERS; i++) {
    const a = randomAccess();
    addFolder(
      big.id,
      `Cliente ${String(i + 1).padStart(4, '0')}`,
      r.pick(everyone),
      a.privilegio,
      a.isPrivate,
    );
  }
  const parents = folders.filter((f) => f.id !== big.id);
  while (folders.length < options.folders) {
    const parent = r.pick(parents);
    if ((depth.get(parent.id) ?? 0) >= MAX_DEPTH) continue;
    const a = randomAccess();
    // The id in the name keeps names unique per folder.
    const name = `${r.pick(FOLDER_WORDS)} ${nextId}`;
    parents.push(addFolder(parent.id, name, r.pick(everyone), a.privilegio, a.isPrivate));
  }
  await inBatches(folders, (batch) => db.insertInto('folders').values(batch).execute());
  if (dialect === 'postgres') {
    await sql`select setval(pg_get_serial_sequence('folders', 'id'), (select max(id) from folders))`.execute(
      db,
    );
  }

  const shares: { folder_id: number; user_id: number; created_by: number; created_at: string }[] = [];
  for (const f of folders) {
    if (r.next() >= 0.12) continue;
    const with_ = new Set<number>();
    const n = 1 + r.int(3);
    for (let k = 0; k < n; k++) with_.add(r.next() < 0.15 ? colaborador : r.pick(everyone));
    with_.delete(f.user_id);
    for (const userId of with_) {
      shares.push({ folder_id: f.id, user_id: userId, created_by: f.user_id, created_at: f.created_at });
    }
  }
  await inBatches(shares, (batch) => db.insertInto('folder_shares').values(batch).execute());

  // Files: the big folder's 5,000, the rest spread over the other folders.
  const others = folders.filter((f) => f.id !== big.id);
  let inserted = 0;
  let batch: NewFolderFile[] = [];
  for (let n = 1; n <= options.files; n++) {
    const folder = n <= BIG_FOLDER_FILES ? big : r.pick(others);
    const kind = r.pick(FILE_KINDS);
    const name = `${kind.name(n, r)}.${kind.ext}`;
    batch.push({
      name,
      name_key: folderNameKey(name),
      file_name: `${randomUUID()}.${kind.ext}`,
      folder_id: folder.id,
      user_id: r.next() < 0.7 ? folder.user_id : r.pick(everyone),
      size: 10_000 + r.int(5_000_000),
      mime: kind.mime,
      tipo: kind.ext,
      created_at: when(n / options.files),
    });
    if (batch.length === BATCH || n === options.files) {
      await db.insertInto('folder_files').values(batch).execute();
      inserted += batch.length;
      batch = [];
    }
  }

  return {
    folders: folders.length,
    files: inserted,
    shares: shares.length,
    users: users.length,
    bigFolderId: big.id,
    bigFolderFiles: Math.min(BIG_FOLDER_FILES, options.files),
    bigFolderSubfolders: BIG_FOLDER_SUBFOLDERS,
    maxDepth: Math.max(...depth.values()),
    seconds: (Date.now() - started) / 1000,
  };
}
