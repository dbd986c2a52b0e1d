import {
  addDays,
  fineInput,
  fineWaitFor,
  HR_STATUS,
  type HrDesks,
  hrRequestPath,
  hrWaitFor,
  invitationWaitFor,
  PENDENCIAS_COUNT_CAP,
  type PendenciaRow,
  type PendenciasActor,
  pendenciaLine,
  purchaseWaitFor,
  ticketWaitFor,
  toDateOnly,
} from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  allPages,
  type Caller,
  describeUser,
  insertCalendar,
  insertCalls,
  insertPurchases,
  type PopulationUser,
  populatedApp,
  problemsOfEach,
} from '../../../test/population.ts';
import { hrRequestFacts, seatHrDesks, testHrRequest } from '../../../test/population-hr.ts';
import { newFineRecord } from '../fines/fines.service.ts';

/**
 * The inbox-equals-policy test (issue 35, decision 0118): with the generated population on top of
 * the demo company, for EVERY user, GET /api/pendencias answers exactly the records on which the
 * contracts policies (pendencias.policy.ts) allow his next action, with the action they name, no
 * more and no fewer, and the count says as many. Every record of every kind is read back from the
 * database and judged by the policy alone.
 */

type Line = Pick<PendenciaRow, 'kind' | 'id'> & { action: string };

describe(`Minhas pendências against the policies, on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;
  let desks: HrDesks = {};
  const today = toDateOnly(new Date());
  /** Who is the company's director today (purchases' stage 4), by user id. */
  let director = 0;
  const actorOf = (u: PopulationUser): PendenciasActor => ({
    ...u.actor,
    diretor: u.id === director,
    desks,
    today,
  });
  let expectedOf: (u: PopulationUser) => string[];

  beforeAll(async () => {
    const population = await populatedApp(2026_11_29, 6000);
    const { r } = population;
    ({ t, viewers, callers } = population);
    const active = viewers;
    const plain = active.filter((u) => u.actor.privilegio === 3 && u.actor.admin === 0);
    const gestores = active.filter((u) => u.actor.privilegio === 2 && u.actor.admin === 0);

    // HR desks and the purchases' director: population people, one substitute on duty.
    const [juridico, diretor, presidente, onDuty] = [plain[0]!, gestores[0]!, gestores[1]!, plain[1]!];
    director = diretor.id;
    desks = await seatHrDesks(t.db, {
      juridico: { approver: juridico },
      diretor: { approver: diretor },
      presidente: {
        approver: presidente,
        substitute: onDuty,
        from: addDays(today, -1),
        to: addDays(today, 1),
      },
    });

    await insertCalls(t.db, r, active, 8);
    // Answers on a third of the calls, the last one by the requester or by someone else.
    const calls = await t.db.selectFrom('calls').select(['id', 'user_id']).execute();
    const answers = calls
      .filter(() => r.chance(1 / 3))
      .flatMap((c, i) =>
        [0, 1].map((k) => {
          const by = k === 1 && r.chance(0.5) ? c.user_id : r.pick(active).id;
          return {
            call_id: c.id,
            user_id: by,
            user_name: 'Pop',
            msg: `Resposta ${i}-${k}`,
            created_at: new Date(Date.now() - (2 - k) * 60_000).toISOString(),
          };
        }),
      );
    for (let i = 0; i < answers.length; i += 200)
      await t.db
        .insertInto('call_answers')
        .values(answers.slice(i, i + 200))
        .execute();

    await insertPurchases(t.db, r, active, 110);

    // HR requests of every stage of each path, opened by and about the desks and others.
    const involved = [juridico, diretor, presidente, onDuty, ...r.subset(active, 6)];
    const paths = [
      { type: 'admission', breach: null, admission: null },
      { type: 'dismissal', breach: 2, admission: '2020-01-01' },
    ] as const;
    const hrRows = paths.flatMap((p) =>
      [
        ...hrRequestPath({
          typeRequest: p.type,
          breachContractId: p.breach,
          dateAdmission: p.admission,
          createdOn: today,
        }),
        HR_STATUS.negado,
      ].flatMap((status) =>
        Array.from({ length: 3 }, (_, k) => {
          const who = r.pick(involved);
          const about = p.type === 'dismissal' && r.chance(0.5) ? r.pick(involved).id : null;
          const at = new Date(Date.now() - (status * 3 + k) * 60_000).toISOString();
          return testHrRequest(who, {
            type_request: p.type,
            status,
            subject_user_id: about,
            employee_name: p.type === 'dismissal' ? `Funcionário ${status}-${k}` : null,
            date_admission_employee: p.admission,
            breach_contract_id: p.breach,
            created_on: today,
            created_at: at,
            updated_at: at,
          });
        }),
      ),
    );
    await t.db.insertInto('hr_requests').values(hrRows).execute();

    // Fines due around today, paid or not.
    const now = new Date().toISOString();
    const fines = Array.from({ length: 40 }, (_, i) =>
      newFineRecord(
        fineInput.parse({
          NUMERO_AUTO: `POP${i}`,
          PLACA: `POP${1000 + i}`,
          DATA_VENC_MULTA: addDays(today, -4 + (i % 14)),
          STATUS_PAGMTO: r.pick(['Aguardando Boleto', 'À Vencer', 'Pagamento Realizado', undefined]),
          DATA_PAGMTO: r.chance(0.15) ? today : undefined,
        }),
        now,
      ),
    );
    await t.db.insertInto('fines').values(fines).execute();

    // Events from ten days ago to a month ahead; a third of the invitations seen, some events deleted.
    await insertCalendar(t.db, r, active, addDays(today, -10), 40, 60);
    const invitations = await t.db
      .selectFrom('calendar_event_invitees')
      .select(['event_id', 'user_id'])
      .execute();
    for (const i of invitations.filter(() => r.chance(1 / 3))) {
      await t.db
        .updateTable('calendar_event_invitees')
        .set({ seen_at: now })
        .where('event_id', '=', i.event_id)
        .where('user_id', '=', i.user_id)
        .execute();
    }
    const events = await t.db.selectFrom('calendar_events').select('id').execute();
    for (const e of events.filter(() => r.chance(0.1)))
      await t.db.updateTable('calendar_events').set({ deleted_at: now }).where('id', '=', e.id).execute();

    expectedOf = await expectations(t, today);
  }, 180_000);
  afterAll(() => t.close());

  /** Every record of every kind as the policies read it, judged for one user. */
  async function expectations(app: TestApp, day: string) {
    const db = app.db;
    const lastAnswer = new Map<number, number | null>();
    for (const a of await db
      .selectFrom('call_answers')
      .select(['call_id', 'user_id'])
      .orderBy('id')
      .execute())
      lastAnswer.set(a.call_id, a.user_id);
    const calls = (await db.selectFrom('calls').selectAll().execute()).map((c) => ({
      id: c.id,
      facts: {
        userId: c.user_id,
        dep: c.dep,
        status: c.status,
        requestId: c.request_id,
        ...(lastAnswer.has(c.id) ? { lastAnswerBy: lastAnswer.get(c.id)! } : {}),
      },
    }));
    const sectors = new Map<number, string[]>();
    for (const s of await db
      .selectFrom('purchase_request_sectors')
      .select(['request_id', 'sector'])
      .execute())
      sectors.set(s.request_id, [...(sectors.get(s.request_id) ?? []), s.sector]);
    const purchases = (await db.selectFrom('purchase_requests').selectAll().execute()).map((p) => ({
      id: p.id,
      facts: {
        userId: p.user_id,
        requesterSectors: sectors.get(p.id) ?? [],
        status: p.status,
        selectedQuoteCentavos: null,
        quoteCount: 0,
        inQuote: p.in_quote === 1,
      },
    }));
    const hr = await hrRequestFacts(db);
    const fines = (
      await db.selectFrom('fines').select(['id', 'DATA_VENC_MULTA', 'STATUS_PAGMTO', 'DATA_PAGMTO']).execute()
    ).map((f) => ({
      id: f.id,
      facts: { due: f.DATA_VENC_MULTA, paymentStatus: f.STATUS_PAGMTO, paidOn: f.DATA_PAGMTO },
    }));
    const invitations = (
      await db
        .selectFrom('calendar_event_invitees as i')
        .innerJoin('calendar_events as e', 'e.id', 'i.event_id')
        .select(['e.id', 'i.user_id', 'i.seen_at', 'e.event_date', 'e.deleted_at'])
        .execute()
    ).map((i) => ({
      id: i.id,
      facts: {
        userId: i.user_id,
        seen: i.seen_at !== null,
        eventDate: i.event_date,
        deleted: i.deleted_at !== null,
      },
    }));
    const line = (row: PendenciaRow) => {
      const l = pendenciaLine(row);
      return `${l.kind}:${l.id}:${l.action}`;
    };
    return (u: PopulationUser): string[] => {
      const a = actorOf(u);
      const out: string[] = [];
      for (const c of calls) {
        const wait = ticketWaitFor(a, c.facts);
        if (wait) out.push(line({ kind: 'ticket', id: c.id, since: '', wait, subject: '' }));
      }
      for (const p of purchases) {
        if (purchaseWaitFor(a, p.facts))
          out.push(line({ kind: 'purchase', id: p.id, since: '', status: p.facts.status, subject: '' }));
      }
      for (const q of hr) {
        if (hrWaitFor(a, q))
          out.push(
            line({ kind: 'hr', id: q.id, since: '', status: q.status, typeRequest: '', subject: null }),
          );
      }
      for (const f of fines) {
        if (fineWaitFor(a, f.facts, day))
          out.push(line({ kind: 'fine', id: f.id, since: f.facts.due ?? '', auto: '', plate: null }));
      }
      for (const i of invitations) {
        if (invitationWaitFor(a, i.facts, day))
          out.push(line({ kind: 'event', id: i.id, since: '', day: '', subject: '' }));
      }
      return out.sort();
    };
  }

  it('the population has someone waiting for each kind of pendência', () => {
    const kinds = new Set(viewers.flatMap((u) => expectedOf(u).map((l) => l.split(':')[0])));
    expect([...kinds].sort()).toEqual(['event', 'fine', 'hr', 'purchase', 'ticket']);
  });

  it('lists, newest first and paged, exactly what the policies say waits for each user; the count agrees', async () => {
    const problems = await problemsOfEach(viewers, async (u) => {
      const call = callers.get(u.id)!;
      const expected = expectedOf(u);
      const rows: (Line & { since: string })[] = [];
      let cursor = '';
      for (let page = 0; page < 100; page++) {
        const res = await call(
          `/api/pendencias?pageSize=37${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        if (res.statusCode !== 200) return [`${describeUser(u)}: ${res.statusCode} ${res.body}`];
        const body = res.json<{ rows: (Line & { since: string })[]; nextCursor?: string; total?: number }>();
        rows.push(...body.rows);
        if (!body.nextCursor) break;
        cursor = body.nextCursor;
      }
      const got = rows.map((l) => `${l.kind}:${l.id}:${l.action}`).sort();
      const problems: string[] = [];
      const extra = got.filter((l) => !expected.includes(l));
      const missing = expected.filter((l) => !got.includes(l));
      if (extra.length)
        problems.push(`${describeUser(u)}: mostra o que não espera por ele ${JSON.stringify(extra)}`);
      if (missing.length) problems.push(`${describeUser(u)}: falta ${JSON.stringify(missing)}`);
      if (new Set(got).size !== got.length) problems.push(`${describeUser(u)}: linhas repetidas`);
      const order = rows.map((l) => l.since);
      if (order.some((s, i) => i > 0 && s > order[i - 1]!))
        problems.push(`${describeUser(u)}: fora da ordem`);
      const count = (await call('/api/pendencias/count')).json<{ count: number; capped: boolean }>();
      if (
        count.count !== Math.min(expected.length, PENDENCIAS_COUNT_CAP) ||
        count.capped !== expected.length > PENDENCIAS_COUNT_CAP
      )
        problems.push(`${describeUser(u)}: contagem ${JSON.stringify(count)}, esperava ${expected.length}`);
      return problems;
    });
    expect(problems).toEqual([]);
  }, 300_000);

  it('pages by offset too', async () => {
    const u = viewers.reduce((a, b) => (expectedOf(b).length > expectedOf(a).length ? b : a));
    const expected = expectedOf(u);
    expect(expected.length).toBeGreaterThan(10);
    const rows = await allPages(async (page) => {
      const res = await callers.get(u.id)!(`/api/pendencias?pageSize=7&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rows: Line[]; total?: number }>();
    });
    expect(rows.map((l) => `${l.kind}:${l.id}:${l.action}`).sort()).toEqual(expected);
  });
});
