/** The calendar's messages for changing and deleting saved entries (issue 32). */
export const CALENDAR_MSG = {
  eventDeleted: 'Evento excluído.',
  eventDeleteError: 'Erro ao excluir o evento.',
  vacationChanged: 'Férias alteradas.',
  vacationChangeError: 'Não foi possível alterar as férias.',
  vacationDeleted: 'Férias excluídas.',
  vacationDeleteError: 'Erro ao excluir as férias.',
  vacationOwnChangeForbidden: 'Ninguém altera ou exclui as próprias férias: peça ao RH ou ao seu gestor.',
} as const;
