import { IMPORT_MSG, type ImportResult, PEOPLE_IMPORT_MAX_BYTES } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, DEMO, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import { mailBody, mailTo } from '../../../test/mail-body.ts';
import { csvText, peopleImport, USER_HEADER, userLine } from '../../../test/people-sheet.ts';

/** Importing users from a spreadsheet (issue 34, decision 0117): preview, commit, limits, access. */
describe(`users import (${TEST_DIALECT})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const as = (matricula: string) => peopleImport(t.as(matricula), '/api/users/import');
  const admin = () => as(DEMO.admin);
  const csv = (rows: string[][], delimiter?: string) =>
    Buffer.from(csvText([USER_HEADER, ...rows], delimiter));
  const users = async (matriculas: string[]) =>
    t.db
      .selectFrom('users')
      .select(['matricula', 'nome', 'email', 'senha'])
      .where('matricula', 'in', matriculas)
      .execute();
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const mailsTo = (email: string) => t.outbox().filter((m) => mailTo(m, email));

  it('previews every line: what it adds, updates, leaves alone and refuses, with the line and the reason', async () => {
    await t.db.updateTable('sectors').set({ active: 0 }).where('name', '=', 'Estoque').execute();
    try {
      const p = await admin().previewed(
        csv([
          userLine(3001),
          [
            '1003',
            'João Pedro da Silva Júnior',
            '935.411.347-80',
            'joao.silva@rotasul.com.br',
            'Operação',
            'Mauá',
            'Usuário',
            'Não',
          ],
          [
            '1002',
            'Patrícia Souza Ramos',
            '111.444.777-35',
            'patricia.ramos@rotasul.com.br',
            'compras',
            'matriz',
            'Gestor',
            'Sim',
          ],
          userLine(3002, { 2: '529.982.247-24' }),
          userLine(3001, { 2: userLine(3009)[2] as string }),
          userLine(3003, { 3: 'pessoa@' }),
          userLine(3004, { 4: 'Astronomia' }),
          userLine(3005, { 4: 'Estoque' }),
          userLine(3006, { 5: 'Curitiba' }),
          userLine(3007, { 6: 'Chefe' }),
          userLine(3008, { 2: '529.982.247-25' }),
        ]),
        'usuarios.csv',
      );
      expect(p).toMatchObject({
        fileName: 'usuarios.csv',
        rows: 11,
        added: 1,
        updated: 1,
        unchanged: 1,
        refusedCount: 8,
      });
      expect(p.lines.map((l) => [l.line, l.action, l.key, l.detail])).toEqual([
        [2, 'add', '3001', null],
        [3, 'update', '1003', 'Muda: nome.'],
        [4, 'unchanged', '1002', null],
        [5, 'refuse', '3002', 'CPF inválido: 529.982.247-24'],
        [6, 'refuse', '3001', 'Matrícula 3001 já aparece na linha 2 da planilha.'],
        [7, 'refuse', '3003', 'Informe um e-mail válido.'],
        [8, 'refuse', '3004', 'Setores: "Astronomia" não é um setor ativo.'],
        [9, 'refuse', '3005', 'Setores: "Estoque" não é um setor ativo.'],
        [10, 'refuse', '3006', 'Filial: "Curitiba" não é uma filial ativa.'],
        [11, 'refuse', '3007', 'Privilégio desconhecido: Chefe (use Administrador, Gestor ou Usuário).'],
        [12, 'refuse', '3008', 'CPF já cadastrado para a matrícula 1001.'],
      ]);
      expect(p.lines[0]?.name).toBe('Pessoa Importada 3001');

      // A refused line blocks the commit: nothing is written, and the preview is gone.
      const res = await admin().commit(p.importId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(IMPORT_MSG.refused);
      expect(await users(['3001'])).toEqual([]);
      expect((await users(['1003']))[0]?.nome).toBe('João Pedro da Silva');
      expect((await admin().commit(p.importId)).statusCode).toBe(404);
    } finally {
      await t.db.updateTable('sectors').set({ active: 1 }).where('name', '=', 'Estoque').execute();
    }
  });

  it('commits in one audited transaction; new users get the e-mail to create their password, with the recovery code', async () => {
    const adminId = await t.userId(DEMO.admin);
    const imports = await t.auditCount(adminId, 'user.import');
    const p = await admin().previewed(
      csv([
        userLine(3101, { 4: 'Compras; Operação', 5: 'Matriz, Mauá' }),
        userLine(3102),
        [
          '1003',
          'João Pedro da Silva',
          '935.411.347-80',
          'joao.silva@rotasul.com.br',
          'Operação; Estoque',
          'Mauá',
          'Usuário',
          'Não',
        ],
      ]),
      'usuarios.csv',
    );
    expect(p).toMatchObject({ added: 2, updated: 1, refusedCount: 0 });
    const res = await admin().commit(p.importId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportResult>()).toEqual({
      added: 2,
      updated: 1,
      unchanged: 0,
      message: 'Importação concluída: 2 adicionado(s), 1 atualizado(s), 0 sem alteração.',
    });
    expect(await t.auditCount(adminId, 'user.import')).toBe(imports + 1);
    const sectors = await t.db
      .selectFrom('user_sectors as us')
      .innerJoin('sectors as s', 's.id', 'us.sector_id')
      .innerJoin('users as u', 'u.id', 'us.user_id')
      .select(['s.name', 'us.is_main'])
      .where('u.matricula', '=', '3101')
      .orderBy('us.is_main', 'desc')
      .execute();
    expect(sectors).toEqual([
      { name: 'Compras', is_main: 1 },
      { name: 'Operação', is_main: 0 },
    ]);

    // The updated user keeps his password and gets no e-mail; the new ones know none yet.
    expect((await login('1003', 'intranet123')).statusCode).toBe(200);
    expect((await login('3101', 'intranet123')).statusCode).toBe(401);
    await vi.waitFor(() => {
      expect(mailsTo('pessoa.3101@rotasul.com.br')).toHaveLength(1);
      expect(mailsTo('pessoa.3102@rotasul.com.br')).toHaveLength(1);
    });
    expect(mailsTo('joao.silva@rotasul.com.br')).toHaveLength(0);

    // The e-mailed code is the recovery flow's: checkCode, then updatepassword, then sign in.
    const body = mailBody(mailsTo('pessoa.3101@rotasul.com.br')[0] ?? '');
    expect(body).toContain('/login?definir-senha=3101');
    const code = /criar a senha da intranet é: (\d{6})/.exec(body)?.[1] ?? '';
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/checkCode',
      payload: { registration: '3101', code },
    });
    expect(check.statusCode, check.body).toBe(200);
    const cookie = check.cookies.find((c) => c.name === 'intranet_recovery')?.value ?? '';
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/updatepassword',
      payload: { registration: '3101', password: 'MinhaSenha#1' },
      cookies: { intranet_recovery: cookie },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect((await login('3101', 'MinhaSenha#1')).statusCode).toBe(200);
  });

  it('a line the database no longer accepts at the commit rolls every batch back (409)', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => userLine(4001 + i));
    const p = await admin().previewed(csv(rows), 'grande.csv');
    expect(p).toMatchObject({ added: 501, refusedCount: 0 });
    // Meanwhile someone registers the last line's CPF under another matrícula: the second batch fails.
    const made = await t.as(DEMO.admin)({
      method: 'POST',
      url: '/api/users',
      payload: {
        nome: 'Registrada Antes',
        matricula: '9999',
        cpf: userLine(4501)[2],
        email: 'antes@rotasul.com.br',
        senha: 'senhaNova1',
        setor: 'Operação',
        filial: 'Matriz',
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await admin().commit(p.importId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      IMPORT_MSG.changedMeanwhile(502, 'CPF já cadastrado para a matrícula 9999.'),
    );
    const written = await t.db
      .selectFrom('users')
      .select('matricula')
      .where('matricula', '>=', '4001')
      .where('matricula', '<=', '4501')
      .execute();
    expect(written).toEqual([]);
  });

  it('only an administrator imports: a Gestor and a colaborador are refused and store nothing', async () => {
    for (const who of [DEMO.gestorCompras, DEMO.colaborador]) {
      const res = await as(who).upload(csv([userLine(3201)]), 'usuarios.csv');
      expect(res.statusCode).toBe(403);
    }
    const p = await admin().previewed(csv([userLine(3202)]), 'usuarios.csv');
    expect((await as(DEMO.gestorCompras).commit(p.importId)).statusCode).toBe(403);
    expect((await as(DEMO.gestorCompras).cancel(p.importId)).statusCode).toBe(403);
    expect((await admin().cancel(p.importId)).json().message).toBe(IMPORT_MSG.cancelled);
    expect((await admin().commit(p.importId)).statusCode).toBe(404);
    expect(await users(['3201', '3202'])).toEqual([]);
  });

  it('refuses with a Portuguese 4xx a file too big, too many lines, no sheet or missing columns', async () => {
    const big = Buffer.alloc(PEOPLE_IMPORT_MAX_BYTES + 1, 'a');
    const tooBig = await admin().upload(big, 'usuarios.csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(IMPORT_MSG.tooLarge);

    const many = csv(Array.from({ length: 5001 }, (_, i) => userLine(10_000 + i)));
    const tooMany = await admin().upload(many, 'usuarios.csv');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe(IMPORT_MSG.tooManyRows);

    const pdf = await admin().upload(
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'),
      'usuarios.pdf',
      'application/pdf',
    );
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe(IMPORT_MSG.type);

    const columns = await admin().upload(Buffer.from('Matrícula;Nome\n3301;Fulano\n'), 'usuarios.csv');
    expect(columns.statusCode).toBe(400);
    expect(columns.json().error).toBe(IMPORT_MSG.columns('CPF, E-mail, Setores, Filial, Privilégio'));

    const empty = await admin().upload(csv([]), 'usuarios.csv');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(IMPORT_MSG.empty);
  });

  it('reads a CSV in UTF-8 with a BOM and one in Latin-1 with ";", as Excel in Brazil writes them', async () => {
    const accented = userLine(3401, {
      1: 'Conceição Araújo Lúcio',
      4: 'Operação',
      5: 'Mauá',
      6: 'Usuário',
      7: 'Não',
    });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), csv([accented])]);
    const utf8 = await admin().previewed(bom, 'utf8.csv');
    expect(utf8.lines.map((l) => [l.action, l.name])).toEqual([['add', 'Conceição Araújo Lúcio']]);
    await admin().cancel(utf8.importId);

    const latin1 = Buffer.from(csvText([USER_HEADER, accented], ';'), 'latin1');
    const windows = await admin().previewed(latin1, 'latin1.csv', 'text/csv');
    expect(windows.refusedCount).toBe(0);
    expect(windows.lines.map((l) => [l.action, l.name])).toEqual([['add', 'Conceição Araújo Lúcio']]);
    expect((await admin().commit(windows.importId)).statusCode).toBe(200);
    expect((await users(['3401']))[0]?.nome).toBe('Conceição Araújo Lúcio');
  });
});
