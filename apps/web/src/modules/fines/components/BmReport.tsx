import { BM_COLUMNS, type BmRow, bmYears, MONTH_NAMES, MSG, toDateOnly } from '@intranet/contracts';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { VirtualTable } from '../../../ui/VirtualTable.tsx';
import { exportBmUrl, useBmReport } from '../fines.api.ts';

const today = () => toDateOnly(new Date());

/**
 * The BM monthly report (spec §2, §4): year 2012…now (newest first) and month; each fine with
 * DATA_APURACAO (AP) or DATA_PAGMTO (PG) in the month, flagged; BM.xlsx of the same month.
 */
export function BmReport() {
  const [year, setYear] = useState(() => Number(today().slice(0, 4)));
  const [month, setMonth] = useState(() => Number(today().slice(5, 7)));
  const report = useBmReport(year, month);
  const rows: BmRow[] = report.rows;

  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Ano"
          data={bmYears(Number(today().slice(0, 4))).map(String)}
          value={String(year)}
          onChange={(v) => v && setYear(Number(v))}
          allowDeselect={false}
          w={120}
        />
        <Select
          label="Mês"
          data={MONTH_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
          value={String(month)}
          onChange={(v) => v && setMonth(Number(v))}
          allowDeselect={false}
          w={160}
        />
        {/* A link has no disabled state of its own: without rows it has no address and says so. */}
        <Button
          component="a"
          href={rows.length > 0 ? exportBmUrl(year, month) : undefined}
          download="BM.xlsx"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={rows.length === 0}
          aria-disabled={rows.length === 0}
        >
          Baixar BM.xlsx
        </Button>
      </Group>
      {report.query.isSuccess && rows.length === 0 ? (
        <Alert color="yellow" role="status">
          {MSG.bmNoData}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <VirtualTable
          rows={rows}
          total={report.total}
          hasMore={report.query.hasNextPage}
          onEndReached={report.loadMore}
          columns={BM_COLUMNS}
          rowKey={(r) => r.id}
          rowHeight={35}
          height={400}
          stickyFirstColumn
          loading={report.query.isFetching}
          label="Relatório BM"
        />
      ) : null}
    </Stack>
  );
}

export function BmReportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Relatório BM" size="90%">
      {opened ? <BmReport /> : null}
    </Dialog>
  );
}
