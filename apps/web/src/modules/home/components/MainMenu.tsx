import { type ApprovalQueue, menuPolicy } from '@intranet/contracts';
import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import {
  IconBuilding,
  IconChecklist,
  IconHeartHandshake,
  IconLayoutGrid,
  IconLifebuoy,
  IconSearch,
  IconSend,
  IconSettings,
  IconSpeakerphone,
  IconUserCog,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { MenuEntry, MenuIcon } from '../../../platform/module-manifest.ts';
import { useModuleMenu } from '../../../platform/module-menu.tsx';
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import { useApprovalCounts } from '../home.api.ts';
import classes from './home.module.css';
import { SectorGrid } from './SectorGrid.tsx';

type TabValue = 'ambiente' | 'gerenciar' | 'suporte';

/** "3 solicitações de compra", "1 solicitação de RH", "99+ solicitações de RH". */
const waitingText = (c: { count: number; capped: boolean }, q: ApprovalQueue) =>
  `${c.count}${c.capped ? '+' : ''} ${c.count === 1 && !c.capped ? q.one : q.many}`;

const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  'user-cog': <IconUserCog size={26} stroke={1.6} />,
  speakerphone: <IconSpeakerphone size={26} stroke={1.6} />,
  'users-group': <IconUsersGroup size={26} stroke={1.6} />,
  send: <IconSend size={26} stroke={1.6} />,
  search: <IconSearch size={26} stroke={1.6} />,
  'heart-handshake': <IconHeartHandshake size={26} stroke={1.6} />,
  building: <IconBuilding size={26} stroke={1.6} />,
};

/**
 * The home menu: Acessar Ambiente, Gerenciar (only when menuPolicy allows) and Suporte, whose tiles
 * the modules declare in their manifests (each shown by its contracts rule). The
 * Notificações/Eventos submenu (/avisos, /eventos) has no visible tab (spec §2).
 */
export function MainMenu() {
  const user = useUser();
  const showGerenciar = menuPolicy.showGerenciarTab(user);
  const [stored, setStored] = useSessionStorage<TabValue>({
    key: 'intranet.home.tab',
    defaultValue: 'ambiente',
    getInitialValueInEffect: false,
  });
  const tab: TabValue = stored === 'gerenciar' && !showGerenciar ? 'ambiente' : stored;

  return (
    <Card withBorder radius="lg" padding={0} shadow="xs" component="section" aria-label="Menu principal">
      <Tabs
        value={tab}
        onChange={(v) => v && setStored(v as TabValue)}
        color="brand.9"
        keepMounted={false}
        classNames={{
          list: classes.tabList,
          tab: classes.tab,
          tabSection: classes.tabSection,
          panel: classes.tabPanel,
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="ambiente" leftSection={<IconLayoutGrid size={18} aria-hidden />}>
            Acessar Ambiente
          </Tabs.Tab>
          {showGerenciar ? (
            <Tabs.Tab value="gerenciar" leftSection={<IconSettings size={18} aria-hidden />}>
              Gerenciar
            </Tabs.Tab>
          ) : null}
          <Tabs.Tab value="suporte" leftSection={<IconLifebuoy size={18} aria-hidden />}>
            Suporte
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="ambiente">
          <SectorGrid />
        </Tabs.Panel>
        {showGerenciar ? (
          <Tabs.Panel value="gerenciar">
            <GerenciarPanel />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="suporte">
          <SuportePanel />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

function MenuEntryTile({ entry }: { entry: MenuEntry }) {
  const navigate = useNavigate();
  const { beforeOpen } = entry;
  const open = beforeOpen
    ? () => {
        beforeOpen();
        navigate(entry.to);
      }
    : undefined;
  return (
    <ActionTile
      label={entry.label}
      description={entry.description}
      icon={MENU_ICONS[entry.icon]}
      to={open ? undefined : entry.to}
      newTab={entry.newTab}
      onClick={open}
      testId={entry.testId}
    />
  );
}

function GerenciarPanel() {
  const user = useUser();
  const entries = useModuleMenu('gerenciar').filter(
    (e) => menuPolicy.showGerenciarPanel(user) && e.show(user),
  );
  if (entries.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="gerenciar-empty">
        Nenhuma opção de gerenciamento disponível para o seu perfil.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
      {entries.map((e) => (
        <MenuEntryTile key={e.to} entry={e} />
      ))}
    </SimpleGrid>
  );
}

/** Where home's own tile, Aguardando minha aprovação, stands among the modules' Suporte entries. */
const APPROVALS_ORDER = 30;

function SuportePanel() {
  const user = useUser();
  const approvals = useApprovalCounts(user);
  const entries = useModuleMenu('suporte').filter((e) => e.show(user));
  const approvalsTile =
    approvals.length > 0 ? (
      <ActionTile
        key="aprovacoes"
        label="Aguardando minha aprovação"
        icon={<IconChecklist size={26} stroke={1.6} />}
        links={approvals.map(({ queue, count }) => ({
          label: count ? waitingText(count, queue) : `… ${queue.many}`,
          to: queue.path,
          testId: `aprovacoes-${queue.key}`,
        }))}
        testId="suporte-aprovacoes"
      />
    ) : null;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
      {entries
        .filter((e) => e.order < APPROVALS_ORDER)
        .map((e) => (
          <MenuEntryTile key={e.testId} entry={e} />
        ))}
      {approvalsTile}
      {entries
        .filter((e) => e.order >= APPROVALS_ORDER)
        .map((e) => (
          <MenuEntryTile key={e.testId} entry={e} />
        ))}
    </SimpleGrid>
  );
}
