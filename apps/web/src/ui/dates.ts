const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' });

/** An ISO timestamp or yyyy-MM-dd date shown as dd/MM/yyyy in São Paulo time. */
export function formatDateBR(iso: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
