import { type CallRow, MY_CALLS_TABLE, OPEN_CALLS_TABLE } from '@intranet/contracts';
import { withCells } from '../../../ui/table-columns.ts';
import { CallStatusBadge } from './CallStatusBadge.tsx';

/** The only cells of the call tables that are more than their description's text. */
const cells = {
  id: (r: CallRow) => `#${r.id}`,
  status: (r: CallRow) => <CallStatusBadge status={r.status} />,
};

export const MY_CALLS_COLUMNS = withCells<CallRow>(MY_CALLS_TABLE, cells);
export const OPEN_CALLS_COLUMNS = withCells<CallRow>(OPEN_CALLS_TABLE, cells);
