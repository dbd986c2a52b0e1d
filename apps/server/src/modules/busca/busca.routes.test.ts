import { BUSCA_KINDS, type BuscaKind, type BuscaReply, fineInput } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptPolicyAsColaborador,
  buildTestApp,
  DEMO,
  TEST_DIALECT,
  type TestApp,
} from '../../../test/harness.ts';
import { newFineRecord } from '../fines/fines.service.ts';
import { purchaseCalls } from '../purchases/purchases.fixture.ts';

/**
 * One search through its route (issue 35): who may search at all, the Portuguese 400s, accents and
 * case ignored, numbers typed with or without "#", and the kinds each role may not list never
 * appearing.
 */
describe(`GET /api/busca (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let callId = 0;
  let purchaseId = 0;
  const now = new Date().toISOString();

  beforeAll(async () => {
    t = await buildTestApp();
    await acceptPolicyAsColaborador(t);
    const colaborador = await t.userId(DEMO.colaborador);
    callId = (
      await t.db
        .insertInto('calls')
        .values({
          problema: 'Impressão da recepção',
          dep: 'Tecnologia de Informacao',
          descricao: 'A bobina de papel térmico acabou.',
          filial: 'Matriz',
          status: 1,
          user_id: colaborador,
          nome_usuario: 'Colaborador Demo',
          matricula_usuario: DEMO.colaborador,
          setores_usuario: null,
          suporte_id: null,
          nome_suporte: null,
          matricula_suporte: null,
          request_id: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    purchaseId = await purchaseCalls(t).newRequest(DEMO.colaborador, {
      descript: 'Pneus da empilhadeira',
      link: 'https://loja.example/pneu-macico',
    });
    await t.db
      .insertInto('notices')
      .values({
        text: '<p>Campanha contra a grípe aviária</p>',
        img: null,
        position: 0,
        setor: null,
        user_id: null,
        created_at: now,
      })
      .execute();
    await t.db
      .insertInto('operation_attachments')
      .values({
        ot: '778899',
        slot: 1,
        file_name: 'x.jpg',
        original_name: 'x.jpg',
        mime: 'image/jpeg',
        size: 1,
        user_id: null,
        created_at: now,
      })
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const search = async (matricula: string, q: string) => {
    const res = await t.as(matricula)({ method: 'GET', url: `/api/busca?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<BuscaReply>();
  };
  const kindsOf = (reply: BuscaReply) => reply.groups.map((g) => g.kind);
  const hitsOf = (reply: BuscaReply, kind: BuscaKind) =>
    reply.groups.find((g) => g.kind === kind)?.hits.map((h) => h.id) ?? [];

  it('refuses a caller without a session (401)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/busca?q=pneu' });
    expect(res.statusCode).toBe(401);
  });

  it('answers bad input with the Portuguese 400', async () => {
    for (const [q, message] of [
      ['', 'Digite ao menos 2 caracteres para buscar.'],
      ['a', 'Digite ao menos 2 caracteres para buscar.'],
      ['x'.repeat(81), 'A busca deve ter no máximo 80 caracteres.'],
    ] as const) {
      const res = await t.as(DEMO.admin)({ method: 'GET', url: `/api/busca?q=${q}` });
      expect(res.statusCode, q).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('finds a call by title and text without accents or case, and by its number with or without #', async () => {
    for (const q of ['IMPRESSAO', 'recepcao', 'papel termico', String(callId), `#${callId}`]) {
      const reply = await search(DEMO.colaborador, q);
      expect(hitsOf(reply, 'chamado'), q).toContain(String(callId));
      const hit = reply.groups.find((g) => g.kind === 'chamado')!.hits.find((h) => h.id === String(callId))!;
      expect(hit).toMatchObject({ kind: 'chamado', href: `/Calls?ticket=${callId}` });
      expect(hit.title).toBe(`Chamado ${callId} · Impressão da recepção`);
    }
    // TI attends the department: the call is in his list; Compras' manager does not attend it.
    expect(hitsOf(await search(DEMO.suporteTi, 'impressao'), 'chamado')).toContain(String(callId));
    expect(hitsOf(await search(DEMO.gestorMultas, 'impressao'), 'chamado')).not.toContain(String(callId));
  });

  it('finds a purchase request by product and link for its requester and Compras, not for an unrelated user', async () => {
    expect(purchaseId).toBeGreaterThan(0);
    for (const q of ['empilhadeira', 'pneu-macico']) {
      const mine = await search(DEMO.colaborador, q);
      expect(hitsOf(mine, 'compra'), q).toContain(String(purchaseId));
    }
    const compras = await search(DEMO.gestorCompras, 'EMPILHADEIRA');
    expect(compras.groups.find((g) => g.kind === 'compra')?.hits[0]).toMatchObject({
      href: `/requestopened?ticket=${purchaseId}`,
    });
    expect(hitsOf(await search(DEMO.suporteTi, 'empilhadeira'), 'compra')).not.toContain(String(purchaseId));
  });

  it('shows a person only with what the directory shows (no e-mail, CPF or phone)', async () => {
    const reply = await search(DEMO.colaborador, DEMO.gestorCompras);
    const person = reply.groups.find((g) => g.kind === 'pessoa')?.hits[0];
    expect(person).toBeDefined();
    expect(person!.detail).toContain(`Matrícula ${DEMO.gestorCompras}`);
    expect(person!.href).toBe('');
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'cpf'])
      .where('matricula', '=', DEMO.gestorCompras)
      .executeTakeFirstOrThrow();
    for (const secret of [row.email, row.cpf].filter(Boolean))
      expect(JSON.stringify(person)).not.toContain(secret);
  });

  it('finds notices by their text and OT folders for who manages attachments', async () => {
    expect(hitsOf(await search(DEMO.colaborador, 'GRIPE AVIARIA'), 'aviso')).toHaveLength(1);
    expect(hitsOf(await search(DEMO.admin, '7788'), 'operacao')).toEqual(['778899']);
    expect(hitsOf(await search(DEMO.colaborador, '7788'), 'operacao')).toEqual([]);
  });

  it('finds fines by auto number, plate or OT for Gestão de Multas, and employees for the HR team', async () => {
    const now = new Date().toISOString();
    await t.db
      .insertInto('fines')
      .values(
        newFineRecord(
          fineInput.parse({
            NUMERO_AUTO: 'BUSCA77',
            PLACA: 'QWE1J23',
            OT: '5566001',
            DATA_VENC_MULTA: '2026-12-01',
          }),
          now,
        ),
      )
      .execute();
    for (const q of ['busca7', 'qwe-1j', '556600']) {
      const group = (await search(DEMO.gestorMultas, q)).groups.find((g) => g.kind === 'multa');
      expect(
        group?.hits.map((h) => h.title),
        q,
      ).toEqual(['Multa BUSCA77']);
      expect(group?.hits[0]?.href).toBe('/managerFines?view=2&NUMERO_AUTO=BUSCA77');
    }
    expect(hitsOf(await search(DEMO.colaborador, 'busca7'), 'multa')).toEqual([]);
    const employees = (await search(DEMO.analistaRh, 'camila rocha')).groups.find(
      (g) => g.kind === 'funcionario',
    );
    expect(employees?.hits.map((h) => h.title)).toEqual(['Camila Rocha Lima']);
    expect(hitsOf(await search(DEMO.gestorCompras, 'camila rocha'), 'funcionario')).toEqual([]);
  });

  it('never answers a kind the role may not list', async () => {
    const forbidden: Record<string, BuscaKind[]> = {
      [DEMO.colaborador]: ['funcionario', 'multa', 'operacao'],
      [DEMO.suporteTi]: ['funcionario', 'multa'],
      [DEMO.gestorMultas]: ['funcionario'],
      [DEMO.analistaRh]: ['multa'],
    };
    // A text every kind could match: people and notices everywhere; "a" in names, files, products.
    for (const [matricula, kinds] of Object.entries(forbidden)) {
      for (const q of ['ma', '10', 'de']) {
        const found = kindsOf(await search(matricula, q));
        for (const kind of kinds) expect(found, `${matricula} ${q}`).not.toContain(kind);
        expect(found.every((k) => BUSCA_KINDS.includes(k))).toBe(true);
      }
    }
  });
});
