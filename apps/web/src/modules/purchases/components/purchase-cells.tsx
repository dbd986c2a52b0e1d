import { MY_PURCHASES_TABLE, type PurchaseRow, RECEIVED_PURCHASES_TABLE } from '@intranet/contracts';
import { withCells } from '../../../ui/table-columns.ts';
import { PurchaseStatusBadge } from './PurchaseStatusBadge.tsx';

/** The only cells of the purchase tables that are more than their description's text. */
const cells = {
  id: (r: PurchaseRow) => `#${r.id}`,
  status: (r: PurchaseRow) => <PurchaseStatusBadge status={r.status} />,
};

export const RECEIVED_PURCHASES_COLUMNS = withCells<PurchaseRow>(RECEIVED_PURCHASES_TABLE, cells);
export const MY_PURCHASES_COLUMNS = withCells<PurchaseRow>(MY_PURCHASES_TABLE, cells);
