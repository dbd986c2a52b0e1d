import type { Insertable } from 'kysely';
import type { CallsTable } from '../src/db/schema.ts';

/** What a list test varies in a call: the rest is one plain Matriz call of the Colaborador 1003. */
type Varied = Pick<Insertable<CallsTable>, 'problema' | 'dep' | 'nome_usuario' | 'created_at' | 'updated_at'>;

/** A call row for `calls` inserted straight into the database by list tests. */
export const testCall = (userId: number, varied: Varied): Insertable<CallsTable> => ({
  descricao: '-',
  filial: 'Matriz',
  status: 0,
  user_id: userId,
  matricula_usuario: '1003',
  setores_usuario: null,
  suporte_id: null,
  nome_suporte: null,
  matricula_suporte: null,
  request_id: null,
  ...varied,
});
