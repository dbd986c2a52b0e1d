import {
  BUSCA_HITS_PER_KIND,
  type BuscaKind,
  type BuscaReply,
  searchKey,
  toDateOnly,
} from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertCalls,
  insertPurchases,
  type PopulationUser,
  populatedApp,
  problemsOfEach,
} from '../../../test/population.ts';
import { seatHrDesks, testHrRequest } from '../../../test/population-hr.ts';

/**
 * THE SCOPE TEST of one search (issue 35, decision 0120): on a generated population, for EVERY user
 * and a few words, every hit of each scoped kind (calls, purchase and HR requests, people) is among
 * what that user's own list of that kind shows containing the word (no more), and when fewer than
 * BUSCA_HITS_PER_KIND records of his list contain it, the search finds them all (no fewer); `more`
 * says whether there are others. The lists are read through their own routes; "contains" is judged
 * here by contracts' searchKey on the records' fields.
 */
const WORDS = ['gerado', 'GESTAO', 'pessoa 5012', 'pessôa 501', 'operação'];
type Scoped = Exclude<BuscaKind, 'funcionario' | 'multa' | 'arquivo' | 'aviso' | 'operacao'>;

describe(`One search against each kind's list, on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  /** Each record's searched fields, by kind and id. */
  const fields: Record<'chamado' | 'compra' | 'rh', Map<number, (string | null)[]>> = {
    chamado: new Map(),
    compra: new Map(),
    rh: new Map(),
  };

  beforeAll(async () => {
    const population = await populatedApp(2026_11_30, 5000);
    const { r } = population;
    ({ t, viewers, callers } = population);
    await insertCalls(t.db, r, viewers, 3);
    await insertPurchases(t.db, r, viewers, 60);
    // A plain user seated as an HR approver lists every request; the others list their own.
    const plain = viewers.filter((u) => u.actor.privilegio === 3 && u.actor.admin === 0);
    await seatHrDesks(t.db, { juridico: { approver: plain[0]! } });
    const now = new Date().toISOString();
    await t.db
      .insertInto('hr_requests')
      .values(
        Array.from({ length: 40 }, (_, k) =>
          testHrRequest(r.pick(viewers), {
            type_request: 'admission',
            status: 1,
            employee_name: `Funcionária ${k} ${r.pick(['Gestão', 'Operação', 'Frota'])}`,
            date_admission_employee: null,
            breach_contract_id: null,
            created_on: toDateOnly(new Date()),
            created_at: now,
            updated_at: now,
          }),
        ),
      )
      .execute();
    for (const c of await t.db.selectFrom('calls').select(['id', 'problema', 'descricao']).execute())
      fields.chamado.set(c.id, [c.problema, c.descricao]);
    for (const p of await t.db
      .selectFrom('purchase_requests')
      .select(['id', 'descript', 'nome_usuario', 'link'])
      .execute())
      fields.compra.set(p.id, [p.descript, p.nome_usuario, p.link]);
    for (const h of await t.db.selectFrom('hr_requests').select(['id', 'employee_name']).execute())
      fields.rh.set(h.id, [h.employee_name]);
  }, 180_000);
  afterAll(() => t.close());

  /** Every id of a list, through its route (a list the user may not open is empty). */
  async function ids(
    call: Caller,
    url: string,
    key: 'rows' | 'users' = 'rows',
    id = 'id',
    size = 200,
  ): Promise<number[]> {
    if ((await call(`${url}&pageSize=1`)).statusCode === 403) return [];
    const rows = await allPages(async (n) => {
      const res = await call(`${url}&pageSize=${size}&page=${n}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Record<string, unknown> & { total?: number }>();
      return { rows: body[key] as Record<string, number>[], total: body.total };
    });
    return rows.map((row) => row[id]!);
  }

  it('finds, for every user and word, only what his lists show, and all of it when it is a few', async () => {
    /** How often each case was met: a few matches, more than a group shows (the test must meet both). */
    const met = { few: 0, many: 0 };
    const problems = await problemsOfEach(viewers, async (u) => {
      const call = callers.get(u.id)!;
      const out: string[] = [];
      // His lists, read once: what each shows him, whatever the word.
      const lists = {
        chamado: await ids(call, '/api/calls?scope=mine'),
        compra: [
          ...(await ids(call, '/api/purchases?scope=received')),
          ...(await ids(call, '/api/purchases?scope=mine')),
        ],
        rh: [
          ...(await ids(call, '/api/hr-requests?scope=all', 'rows', 'Id')),
          ...(await ids(call, '/api/hr-requests?scope=mine', 'rows', 'Id')),
        ],
      };
      for (const word of WORDS) {
        const res = await call(`/api/busca?q=${encodeURIComponent(word)}`);
        if (res.statusCode !== 200) return [`${describeUser(u)} "${word}": ${res.statusCode} ${res.body}`];
        const reply = res.json<BuscaReply>();
        const key = searchKey(word);
        const contains = (values: (string | null)[] | undefined) =>
          (values ?? []).some((v) => v !== null && searchKey(v).includes(key));
        const want: Record<Scoped, Set<string>> = {
          chamado: new Set(lists.chamado.filter((id) => contains(fields.chamado.get(id))).map(String)),
          compra: new Set(lists.compra.filter((id) => contains(fields.compra.get(id))).map(String)),
          rh: new Set(lists.rh.filter((id) => contains(fields.rh.get(id))).map(String)),
          // The directory's own filter: the same list the search reads.
          pessoa: new Set(
            (await ids(call, `/api/users?data=${encodeURIComponent(word)}`, 'users', 'id', 100)).map(String),
          ),
        };
        for (const kind of Object.keys(want) as Scoped[]) {
          const group = reply.groups.find((g) => g.kind === kind);
          const got = group?.hits.map((h) => h.id) ?? [];
          const allowed = want[kind];
          const who = `${describeUser(u)} "${word}" ${kind}`;
          if (allowed.size > BUSCA_HITS_PER_KIND) met.many++;
          else if (allowed.size > 0) met.few++;
          const extra = got.filter((id) => !allowed.has(id));
          if (extra.length) out.push(`${who}: mostra o que a lista não mostra ${JSON.stringify(extra)}`);
          if (got.length !== Math.min(allowed.size, BUSCA_HITS_PER_KIND))
            out.push(`${who}: achou ${got.length} de ${allowed.size}`);
          if ((group?.more ?? false) !== allowed.size > BUSCA_HITS_PER_KIND)
            out.push(`${who}: "more" errado`);
        }
      }
      return out;
    });
    expect(problems).toEqual([]);
    expect(met.few).toBeGreaterThan(10);
    expect(met.many).toBeGreaterThan(10);
  }, 300_000);
});
