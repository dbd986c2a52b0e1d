import { z } from 'zod';
import { queryId } from '../ids.ts';
import { SECTOR_ROLES } from '../roles.ts';

/** The company's sectors and branches (issue 34, decision 0114): names live in the database. */

export const SECTOR_NAME_MAX = 60;
export const BRANCH_LABEL_MAX = 30;

export const SECTOR_MSG = {
  sectorName: 'Informe o nome do setor.',
  sectorNameMax: `O nome do setor deve ter no máximo ${SECTOR_NAME_MAX} caracteres.`,
  branchName: 'Informe o nome da filial.',
  branchNameMax: `O nome da filial deve ter no máximo ${BRANCH_LABEL_MAX} caracteres.`,
  role: 'Função do setor inválida.',
  active: 'Informe se está ativo (0 ou 1).',
  sectorTaken: 'Já existe um setor com este nome.',
  branchTaken: 'Já existe uma filial com este nome.',
  roleTaken: 'Outro setor ativo já tem esta função: retire-a dele antes.',
  sectorNotFound: 'Setor não encontrado.',
  branchNotFound: 'Filial não encontrada.',
  sectorInUse:
    'Este setor não pode ser excluído: há usuários, funcionários, solicitações ou outros registros ligados a ele. Desative-o.',
  branchInUse:
    'Esta filial não pode ser excluída: há usuários, chamados, solicitações ou outros registros ligados a ela. Desative-a.',
  sectorSaved: 'Setor salvo.',
  branchSaved: 'Filial salva.',
  sectorDeleted: 'Setor excluído.',
  branchDeleted: 'Filial excluída.',
  loadError: 'Não foi possível carregar os setores e filiais.',
  /** A record names a sector or branch that is not an active row (decision 0116): the field, then the value. */
  notActiveSector: (field: string, value: string) => `${field}: "${value}" não é um setor ativo.`,
  notActiveBranch: (field: string, value: string) => `${field}: "${value}" não é uma filial ativa.`,
} as const;

const name = (required: string, max: number, maxMessage: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: maxMessage });

/**
 * A sector or branch a record names, as other modules' schemas check it: a trimmed, non-empty name
 * of at most the longest a row may have. Whether it names an ACTIVE row is the server's check
 * (apps/server/src/modules/org/org.names.ts, decision 0116): the names live in the database.
 */
export const orgSectorName = (required: string) => name(required, SECTOR_NAME_MAX, SECTOR_MSG.sectorNameMax);
export const orgBranchName = (required: string) => name(required, BRANCH_LABEL_MAX, SECTOR_MSG.branchNameMax);
/** At most this many names in one list (a user's sectors, an app's): far more than a company has. */
export const ORG_LIST_MAX = 100;
export const orgNameList = <T extends z.ZodType>(item: T) =>
  z.array(item).max(ORG_LIST_MAX, { error: `Escolha no máximo ${ORG_LIST_MAX}.` });

const sectorName = orgSectorName(SECTOR_MSG.sectorName);
const branchLabel = orgBranchName(SECTOR_MSG.branchName);
const role = z.enum(SECTOR_ROLES, { error: SECTOR_MSG.role }).nullable();
const active = z.union([z.literal(0), z.literal(1)], { error: SECTOR_MSG.active });

export const sectorRow = z.object({
  id: z.number(),
  name: z.string(),
  role: z.enum(SECTOR_ROLES).nullable(),
  active: z.number(),
});
export type SectorRow = z.infer<typeof sectorRow>;

/** `name` is what records store (never changes); `label` is the name people read. */
export const branchRow = z.object({
  id: z.number(),
  name: z.string(),
  label: z.string(),
  active: z.number(),
});
export type BranchRow = z.infer<typeof branchRow>;

export const orgListReply = z.object({ sectors: z.array(sectorRow), branches: z.array(branchRow) });
export type OrgList = z.infer<typeof orgListReply>;

export const orgIdParams = z.object({ id: queryId() });

export const createSectorBody = z.object({ name: sectorName, role: role.default(null) });
export const updateSectorBody = z.object({
  name: sectorName.optional(),
  role: role.optional(),
  active: active.optional(),
});
export const createBranchBody = z.object({ label: branchLabel });
export const updateBranchBody = z.object({ label: branchLabel.optional(), active: active.optional() });

export const sectorSavedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  sector: sectorRow,
});
export const branchSavedReply = z.object({
  success: z.literal(true),
  message: z.string(),
  branch: branchRow,
});
