import { PURCHASE_STATUS, purchaseStatusLabel } from '@intranet/contracts';
import { Badge } from '@mantine/core';

const colorOf = (status: number) =>
  status === PURCHASE_STATUS.negado
    ? 'red'
    : status === PURCHASE_STATUS.finalizada
      ? 'green'
      : status >= PURCHASE_STATUS.aprovado
        ? 'teal'
        : status >= PURCHASE_STATUS.aprovacaoGestor
          ? 'yellow'
          : 'blue';

/** A request's status with its label from the workflow table (spec §4). */
export function PurchaseStatusBadge({ status, label }: { status: number; label?: string }) {
  const text = label ?? purchaseStatusLabel(status);
  return (
    <Badge
      color={colorOf(status)}
      variant="light"
      radius="sm"
      data-status={status}
      // In a narrow table cell (a phone) the label is cut with "…" and reads whole on hover, as the calls' badge.
      title={text}
      maw="100%"
    >
      {text}
    </Badge>
  );
}
