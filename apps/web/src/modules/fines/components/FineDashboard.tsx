import { MONTH_NAMES } from '@intranet/contracts';
import { Alert, Loader, Stack } from '@mantine/core';
import { errorMessage } from '../../../api/client.ts';
import { useFineAggregates, useFineFilters } from '../fines.api.ts';
import { ChartGrid, ResponsibleChart, SeriesChart } from './FineCharts.tsx';
import { FineKpis, kpis } from './FineKpis.tsx';

const monthLabel = (key: string) =>
  `${MONTH_NAMES[Number(key.slice(5, 7)) - 1]?.slice(0, 3) ?? ''}/${key.slice(0, 4)}`;
const semesterLabel = (key: string) => `${key.slice(6)}º sem. ${key.slice(0, 4)}`.replace('S', '');

/** The indicators and charts of the dashboard views 1, 3, 4 and 6 (ManagerFinesPage.tsx). */
export function FineDashboard({ view }: { view: number }) {
  const { query } = useFineFilters();
  const aggregates = useFineAggregates(query);
  const a = aggregates.data;
  if (aggregates.isError) {
    return (
      <Alert color="red">{errorMessage(aggregates.error, 'Não foi possível carregar os indicadores.')}</Alert>
    );
  }
  if (!a) return <Loader role="status" aria-label="Carregando" />;
  const s = a.series;
  switch (view) {
    case 3:
      return (
        <ChartGrid>
          <SeriesChart title="Multas por ano" data={s.byYear} />
          <SeriesChart title="Valor por ano" data={s.byYear} measure="value" />
          <SeriesChart title="Multas por semestre" data={s.bySemester} label={semesterLabel} />
          <SeriesChart title="Multas por mês" data={s.byMonth.slice(-24)} label={monthLabel} />
        </ChartGrid>
      );
    case 4:
      return (
        <ChartGrid>
          <SeriesChart title="Transportadoras" data={s.byTransp} />
          <SeriesChart title="Tipos de veículo" data={s.byTipoVeiculo} />
          <SeriesChart title="Unidades" data={s.byUnidade} />
          <SeriesChart title="Órgãos autuadores" data={s.byOrgao} />
          <ResponsibleChart a={a} />
        </ChartGrid>
      );
    case 6:
      return (
        <Stack>
          <FineKpis items={kpis(a, 'paid')} />
          <ChartGrid>
            <SeriesChart title="Status da ND" data={s.byStatusNd} />
            <SeriesChart title="Valor por status da ND" data={s.byStatusNd} measure="value" />
          </ChartGrid>
        </Stack>
      );
    default:
      return (
        <Stack>
          <FineKpis items={kpis(a, 'all')} />
          <ChartGrid>
            <SeriesChart title="Valores por ano" data={s.byYear} measure="value" />
            <ResponsibleChart a={a} />
            <SeriesChart title="Órgãos autuadores" data={s.byOrgao} />
            <SeriesChart title="Transportadoras" data={s.byTransp} />
          </ChartGrid>
        </Stack>
      );
  }
}
