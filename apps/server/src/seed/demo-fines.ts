import { type FineValues, fineInput, toDateOnly } from '@intranet/contracts';
import type { Db, DbOrTx } from '../db/database.ts';
import { type NewFine, withDeferredSummaries } from '../modules/fines/fines.queries.ts';
import { newFineRecord } from '../modules/fines/fines.service.ts';

const UNITS: [string, string, string][] = [
  ['Camaçari', 'BA', 'BA-093'],
  ['Paulínia', 'SP', 'SP-332'],
  ['Mauá', 'SP', 'SP-031'],
  ['Triunfo', 'RS', 'BR-386'],
  ['Duque de Caxias', 'RJ', 'BR-040'],
  ['Cubatão', 'SP', 'SP-055'],
];
const ORGAOS = ['PRF', 'DNIT', 'ANTT', 'DER-SP', 'ARTESP', 'DETRAN-BA', 'DETRAN-SP', 'CET-SP', 'DAER-RS'];
const CARRIERS: [string, string][] = [
  ['Translog Transportes Ltda', '100231'],
  ['Rodobens Logística S.A.', '100457'],
  ['Expresso Araçatuba Ltda', '100512'],
  ['TransBrasil Cargas Ltda', '100698'],
  ['Vale do Aço Transportes', '100744'],
  ['Rápido Paulista Logística', '100811'],
  ['Sul Cargas Transportes', '100903'],
];
const MOTIVOS = [
  'Excesso de peso por eixo',
  'Excesso de peso bruto total',
  'Transitar em velocidade superior à máxima permitida em até 20%',
  'Transitar em horário proibido para caminhões',
  'Estacionar em local proibido pela sinalização',
  'Transitar sem Autorização Especial de Trânsito (AET)',
  'Deixar de manter o registrador de velocidade (tacógrafo) em condições',
  'Evadir-se para não efetuar o pagamento do pedágio',
];
const VEHICLES: [string, string][] = [
  ['Carreta', '5 eixos'],
  ['Bitrem', '7 eixos'],
  ['Rodotrem', '9 eixos'],
  ['Truck', '3 eixos'],
  ['Vanderleia', '6 eixos'],
];
const BUSINESSES = ['PP', 'PE', 'PVC', 'VAR', 'UNIB'];
const SENTIDOS = ['Crescente', 'Decrescente'];

/** A small deterministic generator (mulberry32): the same demo on every machine. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  return { next, int, pick };
}

/** A valid CNPJ (check digits computed) from 12 digits. */
function cnpj(base: string): string {
  const digits = base.split('').map(Number);
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const sum = weights.reduce((acc, w, i) => acc + w * (digits[i] ?? 0), 0);
    const rest = sum % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join('');
}

const BRASKEM_CNPJ = cnpj('429500000001');
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * `count` realistic fines from `start` on (AI numbers `{prefix}{n}`), dated over the last four years
 * up to `today`: the demo company's (a few hundred) and the benchmark's (100,000) come from here.
 */
export function* demoFines(count: number, options: { seed?: number; prefix?: string; today?: string } = {}) {
  const r = random(options.seed ?? 11);
  const today = options.today ?? toDateOnly(new Date());
  const span = 4 * 365;
  for (let n = 1; n <= count; n++) {
    const [unit, uf, road] = r.pick(UNITS);
    const [carrier, code] = r.pick(CARRIERS);
    const [vehicle, axles] = r.pick(VEHICLES);
    const infraction = addDays(today, -r.int(5, span));
    const received = addDays(infraction, r.int(5, 30));
    const due = addDays(received, r.int(20, 45));
    const value = r.pick([88.38, 130.16, 195.23, 293.47, 880.41, 1467.35, 2934.7]) * (r.next() < 0.2 ? 2 : 1);
    const paidState = r.next();
    const paid = paidState < 0.55 && due < today;
    const payDay = paid ? addDays(due, r.int(-10, 25)) : null;
    const who = r.next();
    const nome = who < 0.3 ? 'Braskem S.A.' : who < 0.85 ? carrier : null;
    const nd = nome && nome !== 'Braskem S.A.' && paid && r.next() < 0.6;
    const values: Record<string, unknown> = {
      SDD: String(r.int(400000, 499999)),
      NUMERO_AUTO: `${options.prefix ?? 'S'}${String(n).padStart(9, '0')}`,
      DATA_INFRACAO: infraction,
      MOTIVO: r.pick(MOTIVOS),
      PESO_EXCEDENTE_Kg: r.next() < 0.3 ? r.int(150, 4500) : 0,
      DATA_RECEBIMENTO: received,
      STATUS_MULTA: r.next() < 0.4 ? 'Notificação' : 'Penalidade',
      DATA_VENC_MULTA: due,
      DATA_APURACAO: addDays(received, r.int(1, 10)),
      ORGAO_AUTUADOR: r.pick(ORGAOS),
      DATA_EMAIL: addDays(received, r.int(0, 3)),
      UNIDADE: unit,
      CENTRO: String(r.int(1000, 1099)),
      DEBITO_BRASKEM: nome === 'Braskem S.A.' ? value : 0,
      NEGOCIO: r.pick(BUSINESSES),
      PLACA: `${String.fromCharCode(65 + r.int(0, 25), 65 + r.int(0, 25), 65 + r.int(0, 25))}${r.int(0, 9)}${String.fromCharCode(65 + r.int(0, 9))}${r.int(10, 99)}`,
      GRUPO_EIXO: axles,
      OT: String(r.int(3000000, 3999999)),
      TIPO_VEICULO: vehicle,
      COD_TRANSP: code,
      TRANSP: carrier,
      CREDITO_TRANSP: nd ? value : 0,
      CNPJ_AUTUADO:
        nome === 'Braskem S.A.'
          ? BRASKEM_CNPJ
          : nome
            ? cnpj(`${code}${String(r.int(100000, 999999))}`)
            : null,
      NOME_AUTUADO: nome,
      PASSIVO_SIM_NAO: nome === 'Braskem S.A.' ? 'SIM' : 'NÃO',
      NFe_DANFE: String(r.int(100000, 999999)),
      VALOR_TOTAL_MULTA: value,
      PEDIDO_ZP14: paid ? String(r.int(4500000000, 4500999999)) : null,
      DATA_PAGMTO: payDay,
      N_DOC_NOTA_DEBITO: nd ? `ND-${r.int(10000, 99999)}` : null,
      DATA_ND: nd && payDay ? addDays(payDay, r.int(1, 20)) : null,
      N_BPM: paid ? String(r.int(80000, 89999)) : null,
      STATUS_PAGMTO: paid ? 'Pagamento Realizado' : due >= today ? 'À Vencer' : 'Aguardando Boleto',
      VAL_PAGO_ATUALIZADO: paid ? Math.round(value * (1 + r.int(0, 12) / 100) * 100) / 100 : 0,
      STATUS_PRE_EMISSAO: r.pick(['Emitido', 'Pendente', null]),
      MUNICIPIO: unit,
      UF: uf,
      RODOVIA: road,
      KM_RODOVIA: r.int(1, 600) + r.int(0, 9) / 10,
      SENTIDO: r.pick(SENTIDOS),
      STATUS_ND: nd ? r.pick(['ND Realizada', 'Repassado para a Transportadora', 'Repassar ND']) : 'N/A',
      VAL_REALIZADO_ND: nd ? value : 0,
      VALOR_ATUALIZADO: paid ? 0 : Math.round(value * 1.1 * 100) / 100,
    };
    yield fineInput.parse(values) satisfies FineValues;
  }
}

/** Inserts fines in batches of 500 rows per statement (one row per statement is 20x slower on PostgreSQL). */
export async function insertFines(db: DbOrTx, fines: Iterable<FineValues>, now: string): Promise<number> {
  let batch: NewFine[] = [];
  let total = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insertInto('fines').values(batch).execute();
    total += batch.length;
    batch = [];
  };
  for (const fine of fines) {
    batch.push(newFineRecord(fine, now));
    if (batch.length === 500) await flush();
  }
  await flush();
  return total;
}

/**
 * Many fines in ONE transaction, the dashboard summaries brought up to date once at its end as an
 * import's commit does (fines.queries.ts#withDeferredSummaries): `npm run seed:fines` and the
 * benches' fills. Row by row (the summaries' triggers per
 * statement) 100,000 fines took 171 s on PostgreSQL (decision 0088).
 */
export function loadFines(db: Db, fines: Iterable<FineValues>, now: string): Promise<number> {
  return db.transaction().execute((tx) => withDeferredSummaries(tx, () => insertFines(tx, fines, now)));
}

/** The demo company's fines: 300, deterministic for a given day. */
export const DEMO_FINES_COUNT = 300;
export function seedDemoFines(db: DbOrTx, now: string): Promise<number> {
  return insertFines(db, demoFines(DEMO_FINES_COUNT), now);
}
