import type { SectorRole } from '@intranet/contracts';
import {
  IconBuildingWarehouse,
  IconDeviceDesktop,
  IconFileInvoice,
  IconGavel,
  type IconProps,
  IconShieldCheck,
  IconShoppingCart,
  IconTool,
  IconTruckDelivery,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

/** One icon per sector, used on the home grid and on the sector pages. */
export const SECTOR_ICONS: Record<SectorRole, ComponentType<IconProps>> = {
  estoque: IconBuildingWarehouse,
  compras: IconShoppingCart,
  infra: IconTool,
  faturamento: IconFileInvoice,
  operacao: IconTruckDelivery,
  qssma: IconShieldCheck,
  ti: IconDeviceDesktop,
  rh: IconUsers,
  multas: IconGavel,
};

export function SectorIcon({ sector, ...props }: { sector: SectorRole } & IconProps) {
  const Icon = SECTOR_ICONS[sector];
  return <Icon aria-hidden {...props} />;
}
