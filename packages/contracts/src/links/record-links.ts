import { z } from 'zod';

/**
 * A record that another record's detail links to (decision 0121): the server puts it in the reply
 * only when the policy that lets the reader open that record allows it, so a reader who may open one
 * end and not the other learns nothing of the other, not even its number.
 */
export const recordLink = z.object({
  id: z.number(),
  /** What the reader reads, e.g. "Chamado #12". */
  label: z.string(),
  /** The address its module opens it by, as Minhas pendências opens it. */
  href: z.string(),
});
export type RecordLink = z.infer<typeof recordLink>;

/** The addresses each module opens one record by (the `ticket` parameter of its list). */
export const RECORD_HREF = {
  /** His own call opens from Meus chamados; any other from the queue (Chamados Abertos). */
  call: (id: number, own: boolean) => `${own ? '/Calls' : '/ChamadosAbertos'}?ticket=${id}`,
  /** From the received list, or from his own requests (consultar) for who has no received list. */
  purchase: (id: number, received: boolean) =>
    `/requestopened?${received ? '' : 'functionType=consultar&'}ticket=${id}`,
  hrRequest: (id: number) => `/mainScreamRh?ticket=${id}`,
  employee: (id: number) => `/setEmployees?funcionario=${id}`,
} as const;

export const RECORD_LINK_LABEL = {
  call: (id: number) => `Chamado #${id}`,
  purchase: (id: number) => `Solicitação de compra #${id}`,
  hiring: (id: number) => `Solicitação de contratação #${id}`,
  employee: (name: string, registration: string) => `${name} (matrícula ${registration})`,
} as const;
