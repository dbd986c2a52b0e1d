/**
 * The numbered lists of the HR forms (spec §3), each id with its Portuguese label. The spec gives
 * the ids of roles (cargos 1–49, hiring offers 1–37) but not their names: decision 0092.
 */

export interface HrOption {
  id: number;
  label: string;
}

const list = (labels: readonly string[]): readonly HrOption[] =>
  labels.map((label, i) => ({ id: i + 1, label }));

/** Cargos 1–49 of an employee; a hiring request offers the first 37 (spec §3). */
export const EMPLOYEE_ROLES = list([
  'Auxiliar Administrativo',
  'Assistente Administrativo',
  'Analista Administrativo',
  'Auxiliar de Recursos Humanos',
  'Analista de Recursos Humanos',
  'Assistente Financeiro',
  'Analista Financeiro',
  'Auxiliar de Logística',
  'Ajudante Geral',
  'Conferente',
  'Operador de Empilhadeira',
  'Motorista',
  'Motorista Carreteiro',
  'Almoxarife',
  'Estoquista',
  'Separador',
  'Líder de Armazém',
  'Supervisor de Armazém',
  'Supervisor de Operações',
  'Coordenador de Operações',
  'Analista de Logística',
  'Programador de Transporte',
  'Faturista',
  'Analista de Faturamento',
  'Comprador',
  'Analista de Compras',
  'Técnico de Segurança do Trabalho',
  'Analista de QSSMA',
  'Eletricista de Manutenção',
  'Mecânico de Manutenção',
  'Técnico de Manutenção',
  'Auxiliar de Limpeza',
  'Porteiro',
  'Recepcionista',
  'Técnico de Suporte de TI',
  'Analista de TI',
  'Analista de Multas',
  'Estagiário',
  'Jovem Aprendiz',
  'Coordenador Administrativo',
  'Coordenador de Recursos Humanos',
  'Coordenador de TI',
  'Coordenador de QSSMA',
  'Gerente de Operações',
  'Gerente Administrativo',
  'Gerente Financeiro',
  'Advogado',
  'Diretor',
  'Presidente',
]);
export const HIRING_ROLES = EMPLOYEE_ROLES.slice(0, 37);

export const WORK_TIMES = list([
  'Administrativo',
  '1º Turno',
  '2º Turno',
  '3º Turno',
  'Intermediário',
  'Outro',
]);
export const CONTRACT_TYPES = list([
  'Efetivo',
  'Temporário',
  '180',
  'Estágio',
  'Jovem Aprendiz',
  'Encerrado',
]);
export const HIRING_REASONS = list(['Substituição', 'Aumento de Quadro', 'Novo Projeto', 'Outros']);
/** A hiring's BreachContractId: why the replaced person left (only when the reason is 1 or 2). */
export const REPLACEMENT_JUSTIFICATIONS = list(['Promovido', 'Demitido', 'Transferido', 'Outro']);
/** A dismissal's BreachContractId. */
export const DISMISSAL_TYPES = list([
  'Demissão por justa causa',
  'Demissão sem justa causa',
  'Término de contrato',
  'Término antecipado de contrato',
]);
export const DISMISSAL_REASONS = list([
  'Falta grave',
  'Baixo desempenho',
  'Baixa assiduidade',
  'Falta de pontualidade',
  'Não conformidade com processos',
  'Redução de custos',
  'Redução de quadro',
]);
export const RETURNED_EQUIPMENT = list([
  'Uniforme',
  'Jaqueta',
  'Celular',
  'EPI',
  'Rádio',
  'Ferramentas',
  'Remoção de acessos',
  'Computador',
]);
export const TRANSPORT_TYPES = list([
  'Fretado',
  'Público',
  'Fretado+Público',
  'Vale Combustível',
  'Não Optante',
]);
/** WageId: how the wage is paid (spec names the field only). */
export const WAGE_TYPES = list(['Mensalista', 'Horista']);

export const HIRING_REASON = { substituicao: 1, aumentoDeQuadro: 2 } as const;
export const DISMISSAL_TYPE = { comJustaCausa: 1, semJustaCausa: 2 } as const;

export const optionLabel = (options: readonly HrOption[], id: number | null | undefined): string =>
  options.find((o) => o.id === id)?.label ?? (id == null ? '' : String(id));

export const optionIds = (options: readonly HrOption[]) => options.map((o) => o.id);
