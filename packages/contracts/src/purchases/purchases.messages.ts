import { MSG } from '../messages.ts';

/** The purchases module's own messages (spec §5, §8 and the decisions where the spec is silent). */
export const PURCHASE_MSG = {
  notFound: 'Solicitação não encontrada.',
  sent: 'Sua solicitação foi enviada ao setor de Compras.',
  moved: 'Etapa atualizada!',
  conflict: 'Esta solicitação foi alterada por outra pessoa. Atualize a página e tente novamente.',
  invalidTransition: 'Esta ação não é possível na etapa atual da solicitação.',
  linkOrFile: 'Para uma compra, informe um link ou anexe um arquivo.',
  filesRequired: 'Anexe fotos ou documentos: a justificativa escolhida exige anexos.',
  buyerRequired: 'Escolha um comprador do setor de Compras.',
  pickerRequired: 'Escolha quem retirou: o solicitante ou um usuário de Compras.',
  pickerEmpty: 'Nenhum usuário encontrado.',
  pickerLoadError: 'Não foi possível carregar a lista de usuários. Tente novamente.',
  evidenceOnlyOnPickup: 'Anexos só podem acompanhar o registro da retirada.',
  quoteNotFound: 'Cotação não encontrada.',
  quoteAttachment: `${MSG.quoteAttachmentRequired.trim()} de canal Fisica.`,
  quoteSelected: 'Cotação selecionada!',
  quoteUpdated: 'Cotação atualizada!',
  quoteDeleted: 'Cotação excluída!',
  inQuoteOn: 'Solicitação colocada em cotação.',
  inQuoteOff: 'Solicitação retirada de cotação.',
  cancelled: 'Solicitação cancelada.',
  materialsRequested: 'Lista de materiais solicitada à Infraestrutura.',
  commentSent: 'Comentário enviado!',
  commentEmpty: 'Escreva o comentário.',
  unknownSector: 'Setor desconhecido.',
  ownRequest: 'Você não pode aprovar, negar ou dar andamento a uma solicitação aberta por você.',
  ownRequestManager:
    'Você abriu esta solicitação: a aprovação cabe a outro gestor do setor, a um gestor de Compras ou a um administrador.',
  ownRequestDirector:
    'Você abriu esta solicitação: a aprovação do diretor cabe a outro diretor ou a um administrador.',
  ownRequestStaff: 'Você abriu esta solicitação: outra pessoa de Compras dará andamento a ela.',
} as const;
