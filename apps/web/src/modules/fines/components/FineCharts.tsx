import '@mantine/charts/styles.css';
import { type FineAggregates, type FineSeriesItem, formatBRL } from '@intranet/contracts';
import { BarChart, DonutChart } from '@mantine/charts';
import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { ChartLegend } from './ChartLegend.tsx';

const count = new Intl.NumberFormat('pt-BR');
/** Axis ticks: "R$ 250 mil", "R$ 1,5 mi", "1,2 mil" (the tooltip has the exact value). */
const compactBRL = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const compactCount = new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Pixels per character of the charts' 12 px tick text (DejaVu Sans, the widest we meet). */
const TICK_CHAR_PX = 7;
/** Mantine moves the left axis' ticks 10 px away from it; a few more keep them off the card's edge. */
const TICK_SHIFT = 14;
/** The category axis of a bar ranking: its names are cut with "…" to fit it (whole in the tooltip). */
const NAME_AXIS_PX = 160;
const NAME_CHARS = Math.floor((NAME_AXIS_PX - TICK_SHIFT - 10) / TICK_CHAR_PX);
const BAR_ROW_PX = 30;

const cut = (text: string, chars: number) => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * A name at the left of its bar, on one line (recharts' own tick breaks a long name into lines
 * that run into the next bar's), as Mantine draws ticks; hovered, it reads whole.
 */
function NameTick({ x, y, payload }: { x?: number; y?: number; payload?: { value: string } }) {
  const name = payload?.value ?? '';
  return (
    <text x={x} y={y} dy={4} textAnchor="end" fontSize={12} fill="currentColor" transform="translate(-10, 0)">
      <title>{name}</title>
      {cut(name, NAME_CHARS)}
    </text>
  );
}

/** The keys of a period series start with its year: 2024, 2024-S1, 2024-05. */
const isPeriods = (data: readonly FineSeriesItem[]) => data.every((d) => /^\d{4}/.test(d.key));

/**
 * One dashboard series: how many fines (or how much) per key, every label inside its card.
 * Periods are columns in time order, their labels thinned out where they would touch; names
 * (carriers, agencies, statuses) are horizontal bars with the names at the left, each on one line
 * cut to the axis (so long names neither overlap nor leave the card). Amounts on an axis are compact (R$ 1,5 mi).
 */
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
  const money = measure === 'value';
  const tick = (v: number) => (money ? compactBRL.format(v) : compactCount.format(v));
  const top = Math.max(0, ...rows.map((r) => r[measure]));
  // The value axis is as wide as its widest tick (the top one, a little rounded up).
  const valueAxisPx = (tick(top * 1.25).length + 1) * TICK_CHAR_PX + TICK_SHIFT;
  const periods = isPeriods(data);
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
          h={periods ? 240 : Math.max(140, rows.length * BAR_ROW_PX + 40)}
          data={rows}
          dataKey="key"
          orientation={periods ? 'horizontal' : 'vertical'}
          series={[
            money
              ? { name: 'value', label: 'Valor', color: 'teal.6' }
              : { name: 'count', label: 'Multas', color: 'blue.6' },
          ]}
          valueFormatter={money ? formatBRL : (v) => count.format(v)}
          tickLine="none"
          gridAxis={periods ? 'x' : 'y'}
          // The last tick's text is centred on the card's last pixel column: room for its half.
          barChartProps={{ margin: { top: 4, right: 28, bottom: 0, left: 0 } }}
          xAxisProps={
            periods
              ? { interval: 'preserveStartEnd', minTickGap: 12 }
              : { tickFormatter: tick, interval: 'preserveStartEnd', minTickGap: 16 }
          }
          yAxisProps={
            periods
              ? { tickFormatter: tick, width: valueAxisPx }
              : { width: NAME_AXIS_PX, interval: 0, tick: NameTick }
          }
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
      {/* The chart's slices are unnamed images to a screen reader: it reads the legend instead. */}
      <div aria-hidden>
        <DonutChart
          data={data}
          withLabels
          withLabelsLine
          tooltipDataSource="segment"
          mx="auto"
          pieProps={{ rootTabIndex: -1 }}
        />
      </div>
      <ChartLegend items={data} />
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
