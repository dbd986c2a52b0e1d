import type { FineField, FineMoneyField, FineNumberField } from '@intranet/contracts';
import type { Generated } from 'kysely';

/**
 * The fines dashboard's summary (migration 0014_fines_aggregates, kept by triggers): per cell, how
 * many fines and the sum of one amount in centavos; responsavel / negocio_grupo '' when unset.
 */
export interface FinesAggregatesTable {
  dim: string;
  key: string;
  responsavel: string;
  negocio_grupo: string;
  count: number;
  value: number;
}

/** A combination of the filter bar's low-cardinality columns ('' when unset): the cube's key (0017). */
interface FinesCubeCombo {
  responsavel: string;
  negocio_grupo: string;
  status_multa: string;
  status_pagmto: string;
  status_nd: string;
  unidade: string;
  mes: string;
}

/**
 * The dashboard's summary with the filter bar's dimensions (migration 0017_fines_cube, kept by
 * triggers): per cell and combination of the filter columns, a count and a sum.
 */
export interface FinesCubeTable extends FinesCubeCombo {
  dim: string;
  key: string;
  count: number;
  value: number;
}

/** Per combination of the cube's filter columns: the maxima the dashboard shows (0017). */
export interface FinesCubeMaxTable extends FinesCubeCombo {
  max_valor: number | null;
  max_atraso: number | null;
  min_venc: string | null;
}

/** The cube's filter columns without the month, and the roll-up's year ('*': every month). */
type FinesCubeRollCombo = Omit<FinesCubeCombo, 'mes'> & { ano: string };

/** `fines_cube` summed over its months: per year and over all (migration 0020_fines_cube_years). */
export interface FinesCubeRollTable extends FinesCubeRollCombo {
  dim: string;
  key: string;
  count: number;
  value: number;
}

/** `fines_cube_max` over its months: per year and over all (migration 0020_fines_cube_years). */
export interface FinesCubeMaxRollTable extends FinesCubeRollCombo {
  max_valor: number | null;
  max_atraso: number | null;
  min_venc: string | null;
}

/**
 * A fine (migration 0006_fines): the 43 fields of spec §3 under their names; money in centavos,
 * numbers as numbers, everything else text or NULL (dates `yyyy-MM-dd`).
 */
export type FinesTable = {
  id: Generated<number>;
  responsavel: string | null;
  negocio_grupo: string | null;
  created_at: string;
  updated_at: string;
  NUMERO_AUTO: string;
} & {
  [F in Exclude<FineField, 'NUMERO_AUTO'>]: F extends FineMoneyField | FineNumberField
    ? Generated<number>
    : string | null;
};
