/** Dates are stored as ISO UTC and shown dd/MM/yyyy (HH:mm:ss) in São Paulo (ARCHITECTURE rule 7). */
export const APP_TIME_ZONE = 'America/Sao_Paulo';

const dateFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: APP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFmt = new Intl.DateTimeFormat('pt-BR', {
  timeZone: APP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** 'dd/MM/yyyy' of an ISO timestamp, in São Paulo; empty for an empty or invalid value. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : dateFmt.format(d);
}

/** 'dd/MM/yyyy HH:mm:ss' of an ISO timestamp, in São Paulo. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${dateFmt.format(d)} ${timeFmt.format(d)}`;
}
