/**
 * The 43 fields of a fine (spec §3), in the spreadsheet's order, with what each holds. Everything
 * about a field (schema, column, database value, import header) is derived from this one list.
 * Codes (SDD, OT, COD_TRANSP, N_BPM…) are text: they may start with zeros.
 */
export const FINE_FIELDS = [
  ['SDD', 'text', 30],
  ['NUMERO_AUTO', 'code', 30],
  ['DATA_INFRACAO', 'date'],
  ['MOTIVO', 'text', 500],
  ['PESO_EXCEDENTE_Kg', 'number'],
  ['DATA_RECEBIMENTO', 'date'],
  ['STATUS_MULTA', 'statusMulta'],
  ['DATA_VENC_MULTA', 'date'],
  ['DATA_APURACAO', 'date'],
  ['ORGAO_AUTUADOR', 'text', 120],
  ['DATA_EMAIL', 'date'],
  ['UNIDADE', 'text', 60],
  ['CENTRO', 'text', 20],
  ['DEBITO_BRASKEM', 'money'],
  ['NEGOCIO', 'text', 10],
  ['PLACA', 'plate'],
  ['GRUPO_EIXO', 'text', 20],
  ['OT', 'text', 20],
  ['TIPO_VEICULO', 'text', 60],
  ['COD_TRANSP', 'text', 20],
  ['TRANSP', 'text', 120],
  ['CREDITO_TRANSP', 'money'],
  ['CNPJ_AUTUADO', 'cnpj'],
  ['NOME_AUTUADO', 'text', 120],
  ['PASSIVO_SIM_NAO', 'passivo'],
  ['NFe_DANFE', 'text', 60],
  ['VALOR_TOTAL_MULTA', 'money'],
  ['PEDIDO_ZP14', 'text', 30],
  ['DATA_PAGMTO', 'date'],
  ['N_DOC_NOTA_DEBITO', 'text', 30],
  ['DATA_ND', 'date'],
  ['N_BPM', 'text', 30],
  ['STATUS_PAGMTO', 'statusPagmto'],
  ['VAL_PAGO_ATUALIZADO', 'money'],
  ['STATUS_PRE_EMISSAO', 'text', 60],
  ['MUNICIPIO', 'text', 80],
  ['UF', 'uf'],
  ['RODOVIA', 'text', 30],
  ['KM_RODOVIA', 'number'],
  ['SENTIDO', 'text', 30],
  ['STATUS_ND', 'statusNd'],
  ['VAL_REALIZADO_ND', 'money'],
  ['VALOR_ATUALIZADO', 'money'],
] as const;

export type FineFieldDef = (typeof FINE_FIELDS)[number];
export type FineField = FineFieldDef[0];
export type FineFieldKind = FineFieldDef[1];

export const FINE_FIELD_NAMES: FineField[] = FINE_FIELDS.map((f) => f[0]);

type FieldsOfKind<K extends FineFieldKind> = Extract<FineFieldDef, readonly [string, K, ...unknown[]]>[0];
export type FineDateField = FieldsOfKind<'date'>;
export type FineMoneyField = FieldsOfKind<'money'>;
export type FineNumberField = FieldsOfKind<'number'>;

const ofKind = <K extends FineFieldKind>(kind: K) =>
  FINE_FIELDS.filter((f) => f[1] === kind).map((f) => f[0]) as FieldsOfKind<K>[];

export const FINE_DATE_FIELDS = ofKind('date');
/** Shown with a decimal comma as BRL (spec §3); stored as integer centavos. */
export const FINE_MONEY_FIELDS = ofKind('money');
export const FINE_NUMBER_FIELDS = ofKind('number');

export const fineFieldKind = (name: FineField): FineFieldKind =>
  (FINE_FIELDS.find((f) => f[0] === name) as FineFieldDef)[1];

/** Fields an inserted fine must have (spec §5: the server answers the list of the missing ones). */
export const FINE_REQUIRED_FIELDS = [
  'NUMERO_AUTO',
  'DATA_INFRACAO',
  'ORGAO_AUTUADOR',
  'UNIDADE',
  'PLACA',
  'TRANSP',
  'STATUS_MULTA',
  'VALOR_TOTAL_MULTA',
] as const satisfies readonly FineField[];

/** Labels of the insert form (spec §2: its seven groups). */
export const FINE_FORM_GROUPS: readonly { title: string; fields: readonly FineField[] }[] = [
  {
    title: 'Informações da Multa',
    fields: [
      'NUMERO_AUTO',
      'SDD',
      'DATA_INFRACAO',
      'MOTIVO',
      'STATUS_MULTA',
      'ORGAO_AUTUADOR',
      'DATA_RECEBIMENTO',
      'DATA_VENC_MULTA',
      'DATA_APURACAO',
      'DATA_EMAIL',
      'VALOR_TOTAL_MULTA',
      'VALOR_ATUALIZADO',
      'PESO_EXCEDENTE_Kg',
    ],
  },
  { title: 'Informações da Unidade', fields: ['UNIDADE', 'CENTRO', 'NEGOCIO', 'DEBITO_BRASKEM'] },
  { title: 'Informações do Produto', fields: ['NFe_DANFE', 'PEDIDO_ZP14', 'OT'] },
  {
    title: 'Informações do Transporte',
    fields: ['PLACA', 'GRUPO_EIXO', 'TIPO_VEICULO', 'COD_TRANSP', 'TRANSP', 'CREDITO_TRANSP'],
  },
  { title: 'Informações do Autuado', fields: ['CNPJ_AUTUADO', 'NOME_AUTUADO', 'PASSIVO_SIM_NAO'] },
  {
    title: 'Informações do Pagamento',
    fields: [
      'STATUS_PAGMTO',
      'DATA_PAGMTO',
      'VAL_PAGO_ATUALIZADO',
      'STATUS_PRE_EMISSAO',
      'N_DOC_NOTA_DEBITO',
      'DATA_ND',
      'N_BPM',
      'STATUS_ND',
      'VAL_REALIZADO_ND',
    ],
  },
  { title: 'Locais', fields: ['MUNICIPIO', 'UF', 'RODOVIA', 'KM_RODOVIA', 'SENTIDO'] },
];
