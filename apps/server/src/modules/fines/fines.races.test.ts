import { businessGroupOf, FINE_IMPORT_NUMBER_TAKEN, MSG, responsibleOf } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { importClient } from './fines.import.client.ts';
import { HEADER } from './fines.import.fixtures.ts';

/**
 * Issue 31: what a fine's change checks (the stored values it compares, audits and derives the
 * filter columns from) is read under the fine's row lock, and an import's commit runs alone: two
 * changes sent at once leave what one order of the two would. On PostgreSQL these are real
 * concurrent transactions (READ COMMITTED); on SQLite they run one after the other.
 */
const ROUNDS = 20;
/** Each round of an import test runs two jobs to their end: more than one request's time. */
const IMPORT_TIMEOUT = 90_000;

describe(`fines: changes sent at once (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const as = () => t.as(DEMO.gestorMultas);
  const put = (payload: Record<string, unknown>) =>
    as()({ method: 'PUT', url: '/api/managerFines', payload });
  const insert = async (payload: Record<string, unknown>) => {
    const res = await as()({ method: 'POST', url: '/api/fines', payload });
    expect(res.statusCode, res.body).toBe(201);
    const row = await t.db
      .selectFrom('fines')
      .select('id')
      .where('NUMERO_AUTO', '=', String(payload.NUMERO_AUTO))
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const fine = (id: number) =>
    t.db.selectFrom('fines').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const updates = async (id: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select('summary')
        .where('action', '=', 'fine.update')
        .where('entity_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((r) => r.summary);
  /** The filter columns derived from the stored fields, as every write must leave them. */
  const derivedAgree = (f: Awaited<ReturnType<typeof fine>>) =>
    f.responsavel === responsibleOf(f.NOME_AUTUADO) && f.negocio_grupo === businessGroupOf(f.NEGOCIO);
  const base = (numero: string) => ({
    NUMERO_AUTO: numero,
    DATA_INFRACAO: '2024-04-01',
    ORGAO_AUTUADOR: 'PRF',
    UNIDADE: 'Camaçari',
    PLACA: 'ABC1234',
    TRANSP: 'Translog',
    STATUS_MULTA: 'Penalidade',
    VALOR_TOTAL_MULTA: 100,
    NOME_AUTUADO: 'Translog Ltda',
    NEGOCIO: 'PP',
    MOTIVO: 'inicial',
  });

  it('two edits of one fine at once: derived columns follow their fields, each audit row starts where the other left', async () => {
    let inconsistent = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const id = await insert(base(`R-EDIT-${round}`));
      const [a, b] = await Promise.all([
        put({ id, NOME_AUTUADO: 'BRASKEM S.A.', MOTIVO: 'pela edição A' }),
        put({ id, NEGOCIO: 'UNIB', MOTIVO: 'pela edição B' }),
      ]);
      expect(a.statusCode, a.body).toBe(200);
      expect(b.statusCode, b.body).toBe(200);
      const after = await fine(id);
      expect(after.NOME_AUTUADO).toBe('BRASKEM S.A.');
      expect(after.NEGOCIO).toBe('UNIB');
      const [first, second] = await updates(id);
      // One order of the two: the second edit's MOTIVO starts from what the first one wrote.
      const chained =
        first?.includes('MOTIVO: "inicial" → ') &&
        second?.includes(`MOTIVO: ${first.match(/MOTIVO: "inicial" → ("[^"]*")/)?.[1]} → "${after.MOTIVO}"`);
      if (!derivedAgree(after) || !chained) inconsistent++;
    }
    expect(inconsistent).toBe(0);
  });

  it(
    "an edit during an import's commit: the fine keeps both, with its derived columns",
    async () => {
      const imports = importClient(as());
      let inconsistent = 0;
      for (let round = 0; round < ROUNDS; round++) {
        const numero = `R-IMP-${round}`;
        const id = await insert(base(numero));
        const importId = await imports.previewed([
          HEADER,
          [numero, '2024-04-01', 'PRF', 'Camaçari', 'ABC1234', 'Translog', 'Penalidade', 250, 'BRASKEM S.A.'],
        ]);
        const [committed, edited] = await Promise.all([
          imports.commit(importId),
          put({ id, NEGOCIO: 'UNIB', MOTIVO: `editado ${round}` }),
        ]);
        expect(committed.statusCode, committed.body).toBe(200);
        expect(edited.statusCode, edited.body).toBe(200);
        expect((await imports.settled(importId)).state).toBe('done');
        const after = await fine(id);
        expect(after).toMatchObject({
          NOME_AUTUADO: 'BRASKEM S.A.',
          NEGOCIO: 'UNIB',
          VALOR_TOTAL_MULTA: 25000,
        });
        if (!derivedAgree(after)) inconsistent++;
      }
      expect(inconsistent).toBe(0);
    },
    IMPORT_TIMEOUT,
  );

  it(
    'two imports of the same new fines committed at once: both written, one after the other',
    async () => {
      const imports = importClient(as());
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const rows = (valor: number) =>
          [1, 2, 3].map((i) => [
            `R-NEW-${round}-${i}`,
            '2024-04-01',
            'PRF',
            'Camaçari',
            'ABC1234',
            'Translog',
            'Penalidade',
            valor,
          ]);
        const ids = [
          await imports.previewed([HEADER, ...rows(10)]),
          await imports.previewed([HEADER, ...rows(20)]),
        ];
        const commits = await Promise.all(ids.map((id) => imports.commit(id)));
        for (const c of commits) expect(c.statusCode, c.body).toBe(200);
        const ends = await Promise.all(ids.map((id) => imports.settled(id)));
        for (const end of ends) if (end.state !== 'done') failures.push(end.message);
        // Whichever came last, every fine holds its value: never a mix of the two files.
        const values = await t.db
          .selectFrom('fines')
          .select('VALOR_TOTAL_MULTA')
          .where('NUMERO_AUTO', 'like', `R-NEW-${round}-%`)
          .execute();
        expect(values).toHaveLength(3);
        expect(new Set(values.map((v) => Number(v.VALOR_TOTAL_MULTA))).size).toBe(1);
      }
      expect(failures).toEqual([]);
    },
    IMPORT_TIMEOUT,
  );

  it(
    'an import and a single insert of the same new fine at once: one of them refused, saying why',
    async () => {
      const imports = importClient(as());
      const failures: string[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const numero = `R-ONE-${round}`;
        const importId = await imports.previewed([
          HEADER,
          [numero, '2024-04-01', 'PRF', 'Camaçari', 'ABC1234', 'Translog', 'Penalidade', 250],
        ]);
        const [committed, inserted] = await Promise.all([
          imports.commit(importId),
          as()({ method: 'POST', url: '/api/fines', payload: base(numero) }),
        ]);
        expect(committed.statusCode, committed.body).toBe(200);
        const end = await imports.settled(importId);
        if (inserted.statusCode !== 201) {
          expect(inserted.statusCode, inserted.body).toBe(409);
          expect(inserted.json().error).toBe(MSG.fineDuplicate);
        }
        if (end.state !== 'done') failures.push(end.message);
        expect(end.state === 'done' || inserted.statusCode === 201).toBe(true);
        const rows = await t.db.selectFrom('fines').selectAll().where('NUMERO_AUTO', '=', numero).execute();
        expect(rows).toHaveLength(1);
        // The import wrote last whenever it was written (an insert after it is refused).
        if (end.state === 'done') expect(Number(rows[0]?.VALOR_TOTAL_MULTA)).toBe(25000);
      }
      expect(failures.filter((m) => m !== MSG.fineImportFailed(FINE_IMPORT_NUMBER_TAKEN))).toEqual([]);
    },
    IMPORT_TIMEOUT,
  );
});
