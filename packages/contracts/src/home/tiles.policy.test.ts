import { describe, expect, it } from 'vitest';
import { actor } from '../testing/actor.ts';
import { menuUser } from '../testing/menu-user.ts';
import { approvalQueues, requestChoices, rhHomeTiles } from './tiles.policy.ts';

const colaborador = menuUser(actor({ userId: 3, sectors: ['Operação'] }));
const analistaRh = menuUser(actor({ userId: 5, suport: 1, sectors: ['Recursos Humanos'] }));
const gestorCompras = menuUser(actor({ userId: 2, privilegio: 2, suport: 1, sectors: ['Compras'] }));
const diretor = menuUser(actor({ userId: 6, privilegio: 2, suport: 1, sectors: ['Operação', 'Estoque'] }));
const juridico = menuUser(actor({ userId: 8, sectors: ['Recursos Humanos'] }));
const suporteTi = menuUser(actor({ userId: 4, suport: 1, sectors: ['Tecnologia de Informação'] }));

const links = (tiles: { label: string; path: string | null }[]) =>
  tiles.filter((t) => t.path !== null).map((t) => `${t.label} → ${t.path}`);

describe('/rhHomeRequest tiles', () => {
  it('the five tiles of spec §2 for everyone, in order', () => {
    for (const u of [colaborador, analistaRh, diretor, juridico, suporteTi])
      expect(
        rhHomeTiles(u)
          .slice(0, 5)
          .map((t) => t.label),
      ).toEqual(['Admissão', 'Demissão', 'Movimentação', 'Documentos', 'Minhas Solicitações']);
  });

  it('a Colaborador outside RH: Admissão and Demissão greyed, saying who asks for them', () => {
    const tiles = rhHomeTiles(colaborador);
    expect(links(tiles)).toEqual(['Minhas Solicitações → /requesterScreamRh']);
    expect(tiles[0]).toMatchObject({
      path: null,
      reason: 'Admissões e demissões são solicitadas pelos gestores e pela equipe de RH.',
    });
  });

  it('a manager asks; the director also reaches Atendimento RH (his stage is there)', () => {
    expect(links(rhHomeTiles(gestorCompras))).toEqual([
      'Admissão → /formHiring',
      'Demissão → /formDismissal',
      'Minhas Solicitações → /requesterScreamRh',
    ]);
    expect(links(rhHomeTiles(diretor))).toEqual([
      'Admissão → /formHiring',
      'Demissão → /formDismissal',
      'Minhas Solicitações → /requesterScreamRh',
      'Atendimento RH → /mainScreamRh',
    ]);
  });

  it('the HR team and the jurídico approver: Atendimento RH', () => {
    expect(links(rhHomeTiles(analistaRh))).toContain('Atendimento RH → /mainScreamRh');
    expect(links(rhHomeTiles(juridico))).toContain('Atendimento RH → /mainScreamRh');
    expect(links(rhHomeTiles(suporteTi))).not.toContain('Atendimento RH → /mainScreamRh');
  });
});

describe('"Aguardando minha aprovação": purchases and HR requests', () => {
  it.each([
    ['colaborador', colaborador, []],
    ['suporte TI', suporteTi, []],
    ['gestora de Compras', gestorCompras, ['/requestopened?waiting=1']],
    ['analista de RH', analistaRh, ['/mainScreamRh?waiting=1']],
    ['jurídico', juridico, ['/mainScreamRh?waiting=1']],
    ['diretor', diretor, ['/requestopened?waiting=1', '/mainScreamRh?waiting=1']],
  ])('%s', (_n, u, paths) => {
    expect(approvalQueues(u).map((q) => q.path)).toEqual(paths);
  });
});

describe('/chooserequest', () => {
  const options = (groups: ReturnType<typeof requestChoices>) =>
    groups.map((g) => `${g.type}: ${g.options.map((o) => o.label).join(', ')}`);

  it('Solicitar and Consultar as spec §2 lists them for who has both in the menu', () => {
    expect(options(requestChoices(gestorCompras, 'solicitar'))).toEqual([
      'solicitar: Solicitar uma Compra, Serviço de Terceiros, Abrir Chamado',
    ]);
    expect(options(requestChoices(gestorCompras, 'consultar'))).toEqual([
      'consultar: Solicitações de Compra, Chamados Abertos',
    ]);
  });

  it('who has no Solicitar in the menu (spec §6) still asks for purchases from Consultar', () => {
    expect(options(requestChoices(colaborador, 'consultar'))).toEqual([
      'consultar: Solicitações de Compra, Chamados Abertos',
      'solicitar: Solicitar uma Compra, Serviço de Terceiros, Abrir Chamado',
    ]);
    expect(requestChoices(colaborador, 'consultar')[1]?.options[0]?.path).toBe(
      '/openpurchrequest?typeRequest=compra',
    );
  });

  it('without a choice: both groups', () => {
    expect(requestChoices(gestorCompras, null).map((g) => g.type)).toEqual(['solicitar', 'consultar']);
  });
});
