import { CONTRACT_DATE, type FineAggregates, formatBRL, formatDate } from '@intranet/contracts';
import { Paper, SimpleGrid, Text } from '@mantine/core';

const count = new Intl.NumberFormat('pt-BR');

type Kpi = [label: string, value: string, testId: keyof FineAggregates];

/** The spec §3 aggregates as cards (each one of `GET /api/fines/aggregates`, for the filters). */
export function kpis(a: FineAggregates, which: 'all' | 'paid'): Kpi[] {
  const contract = formatDate(CONTRACT_DATE);
  const all: Kpi[] = [
    ['Total de multas', count.format(a.totalMultas), 'totalMultas'],
    ['Multas pagas', count.format(a.totalMultasPago), 'totalMultasPago'],
    ['Multas a pagar', count.format(a.totalMultasAPagar), 'totalMultasAPagar'],
    ['Valor total', formatBRL(a.totalValMultas), 'totalValMultas'],
    ['Valor pago', formatBRL(a.totalValPago), 'totalValPago'],
    ['Valor a pagar', formatBRL(a.totalValAPagar), 'totalValAPagar'],
    ['Maior multa', formatBRL(a.maiorValMulta), 'maiorValMulta'],
    ['Maior atraso', `${count.format(a.maiorAtraso)} dias`, 'maiorAtraso'],
    ['Unidade mais autuada', a.unidadeMaxAutu ?? '—', 'unidadeMaxAutu'],
    ['Órgão que mais autuou', a.organMaxAutuador ?? '—', 'organMaxAutuador'],
    [`Antes do contrato (${contract})`, count.format(a.totalFinesBeforeContract), 'totalFinesBeforeContract'],
    [`Após o contrato (${contract})`, count.format(a.totalFinesAfterContract), 'totalFinesAfterContract'],
    ['Multas de transportadoras', count.format(a.totalFinesTransp), 'totalFinesTransp'],
    ['Transportadoras', count.format(a.totalTransp), 'totalTransp'],
    ['Notas de débito', count.format(a.totalND), 'totalND'],
    ['Valor em ND', formatBRL(a.totalValND), 'totalValND'],
    ['Braskem', count.format(a.countBraskem), 'countBraskem'],
    ['Não informado', count.format(a.countUnspecified), 'countUnspecified'],
  ];
  if (which === 'all') return all;
  const paid = new Set<string>([
    'totalMultasPago',
    'totalValPago',
    'totalND',
    'totalValND',
    'totalMultasAPagar',
    'totalValAPagar',
  ]);
  return all.filter((k) => paid.has(k[2]));
}

/** Em per character of the value's bold digits and capitals (DejaVu Sans Bold, the widest we meet). */
const VALUE_CHAR_EM = 0.72;

/**
 * The cards. A value is one line, never broken inside a number ("R$ 103.3 / 02.843,51"): its card
 * is a size container, and the value's font shrinks from 18 px until its characters fit the
 * card's width (100cqi), so R$ 103.302.843,51 fits a phone's half-width card.
 */
export function FineKpis({ items }: { items: Kpi[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4, xl: 6 }} spacing="sm">
      {items.map(([label, value, id]) => (
        <Paper
          key={id}
          withBorder
          p="sm"
          radius="md"
          data-testid={`kpi-${id}`}
          style={{ containerType: 'inline-size' }}
        >
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text
            fw={700}
            style={{
              whiteSpace: 'nowrap',
              fontSize: `min(var(--mantine-font-size-lg), calc(100cqi / ${(value.length * VALUE_CHAR_EM).toFixed(2)}))`,
            }}
          >
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
