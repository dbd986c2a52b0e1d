import { ColorSwatch, Group, Text } from '@mantine/core';

const count = new Intl.NumberFormat('pt-BR');
const share = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

export interface LegendItem {
  name: string;
  value: number;
  /** A theme colour as the charts take it ('indigo.6'). */
  color: string;
}

/** A donut's legend under it: each slice's colour, name, count and share of the whole. */
export function ChartLegend({ items }: { items: readonly LegendItem[] }) {
  const total = items.reduce((sum, item) => sum + item.value, 0);
  return (
    <Group data-testid="chart-legend" justify="center" gap="xs" mt="sm">
      {items.map((item) => (
        <Group key={item.name} gap={6} wrap="nowrap">
          <ColorSwatch
            color={`var(--mantine-color-${item.color.replace('.', '-')})`}
            size={12}
            withShadow={false}
          />
          <Text size="sm">
            {item.name}: {count.format(item.value)}
            {total > 0 ? ` (${share.format(item.value / total)})` : ''}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
