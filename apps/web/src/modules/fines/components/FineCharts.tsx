import '@mantine/charts/styles.css';
import { type FineAggregates, type FineSeriesItem, formatBRL } from '@intranet/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';

const count = new Intl.NumberFormat('pt-BR');

/** One dashboard series as bars: how many fines (or how much) per key. */
export function SeriesChart({
  title,
  data,
  measure = 'count',
  label = (k) => k,
}: {
  title: string;
  data: FineSeriesItem[];
  measure?: 'count' | 'value';
  label?: (key: string) => string;
}) {
  const rows = data.map((d) => ({ key: label(d.key), count: d.count, value: d.value }));
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label={title}>
      <Title order={3} fz="sm" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          Sem dados para os filtros.
        </Text>
      ) : (
        <BarChart
          h={240}
          data={rows}
          dataKey="key"
          series={[
            measure === 'count'
              ? { name: 'count', label: 'Multas', color: 'blue.6' }
              : { name: 'value', label: 'Valor', color: 'teal.6' },
          ]}
          valueFormatter={measure === 'count' ? (v) => count.format(v) : formatBRL}
          tickLine="y"
          xAxisProps={{
            interval: 0,
            angle: rows.length > 6 ? -30 : 0,
            textAnchor: rows.length > 6 ? 'end' : 'middle',
            height: rows.length > 6 ? 70 : 30,
          }}
        />
      )}
    </Paper>
  );
}

/** Who answers for the fines: Braskem, carriers, not said. */
export function ResponsibleChart({ a }: { a: FineAggregates }) {
  const data = [
    { name: 'Braskem', value: a.countBraskem, color: 'indigo.6' },
    { name: 'Transportadora', value: a.countTransp, color: 'orange.6' },
    { name: 'Não informado', value: a.countUnspecified, color: 'gray.5' },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="figure" m={0} aria-label="Responsável">
      <Title order={3} fz="sm" mb="sm">
        Responsável
      </Title>
      <DonutChart data={data} withLabels withLabelsLine tooltipDataSource="segment" mx="auto" />
    </Paper>
  );
}

export function ChartGrid({ children }: { children: React.ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}
