import { Text } from '@mantine/core';

const number = (n: number) => n.toLocaleString('pt-BR');

interface ListCountProps {
  /** The first page's total (counted by the server up to a cap). */
  total: number;
  /** More rows match than `total` (contracts' listTotal): "mais de 1.000", never a wrong number. */
  capped?: boolean;
  /** Rows loaded so far: said while fewer than the total are. */
  loaded?: number;
  /** Whether more rows are still to load. */
  more?: boolean;
  /** What is counted, singular and plural ('registro', 'registros' unless said). */
  noun?: readonly [one: string, many: string];
  /** Space above the line (6 px under a table). */
  mt?: number;
}

/** What a list says of its size: "1 registro", "37 registros", "mais de 1.000 registros (50 carregados)". */
export function listCountText({
  total,
  capped = false,
  loaded,
  more = false,
  noun = ['registro', 'registros'],
}: ListCountProps): string {
  // Every row loaded: their number is the exact total, past the server's cap too.
  if (capped && !more && loaded !== undefined && loaded > total)
    return listCountText({ total: loaded, noun });
  const size = capped
    ? `mais de ${number(total)} ${noun[1]}`
    : `${number(total)} ${total === 1 ? noun[0] : noun[1]}`;
  const partial = loaded !== undefined && (more || loaded < total);
  return partial ? `${size} (${number(loaded)} carregados)` : size;
}

/** The line under every paged list saying how many rows match (one rule for every list). */
export function ListCount({ mt = 6, ...props }: ListCountProps) {
  return (
    <Text size="sm" c="dimmed" mt={mt} aria-live="polite" data-testid="list-count">
      {listCountText(props)}
    </Text>
  );
}
