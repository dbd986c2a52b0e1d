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
      // A list's Status column keeps it whole (a badge column, ui/table-widths.ts); elsewhere a cut label reads whole on hover.
      title={text}
      maw="100%"
    >
      {text}
    </Badge>
  );
}
