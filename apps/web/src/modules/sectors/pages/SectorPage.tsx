import type { SectorRoute } from '@intranet/contracts';
export function SectorPage({ sector }: { sector: SectorRoute }) {
  return <div>{sector.label}</div>;
}
