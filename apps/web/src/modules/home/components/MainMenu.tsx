import { type ApprovalQueue, gerenciarLinks, menuPolicy } from '@intranet/contracts';
import { Card, SimpleGrid, Tabs, Text } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import {
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
import { useUser } from '../../../platform/session.tsx';
import { ActionTile } from '../../../ui/ActionTile.tsx';
import type { FunctionType } from '../../../ui/cookies.ts';
import { storeFunctionType, useApprovalCounts } from '../home.api.ts';
import classes from './home.module.css';
import { SectorGrid } from './SectorGrid.tsx';

type TabValue = 'ambiente' | 'gerenciar' | 'suporte';

/** "3 solicitações de compra", "1 solicitação de RH", "99+ solicitações de RH". */
const waitingText = (c: { count: number; capped: boolean }, q: ApprovalQueue) =>
  `${c.count}${c.capped ? '+' : ''} ${c.count === 1 && !c.capped ? q.one : q.many}`;

const GERENCIAR_ICONS: Record<string, ReactNode> = {
  '/setusers': <IconUserCog size={26} stroke={1.6} />,
  '/InserirInformativos': <IconSpeakerphone size={26} stroke={1.6} />,
  '/setEmployees': <IconUsersGroup size={26} stroke={1.6} />,
};

/**
 * The home menu: Acessar Ambiente, Gerenciar (only when menuPolicy allows) and Suporte. The
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

function GerenciarPanel() {
  const user = useUser();
  const links = gerenciarLinks(user);
  if (links.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="gerenciar-empty">
        Nenhuma opção de gerenciamento disponível para o seu perfil.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
      {links.map((l) => (
        <ActionTile
          key={l.path}
          label={l.label}
          icon={GERENCIAR_ICONS[l.path] ?? <IconSettings size={26} stroke={1.6} />}
          to={l.path}
          newTab={l.newTab}
          testId="gerenciar-link"
        />
      ))}
    </SimpleGrid>
  );
}

function SuportePanel() {
  const user = useUser();
  const navigate = useNavigate();
  const approvals = useApprovalCounts(user);
  const open = (type: FunctionType) => {
    storeFunctionType(type);
    navigate('/chooserequest');
  };
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, md: 5 }} spacing={{ base: 'sm', sm: 'md' }}>
      {menuPolicy.showSolicitar(user) ? (
        <ActionTile
          label="Solicitar"
          description="Chamados, compras e serviços"
          icon={<IconSend size={26} stroke={1.6} />}
          onClick={() => open('solicitar')}
          testId="suporte-solicitar"
        />
      ) : null}
      {menuPolicy.showConsultar(user) ? (
        <ActionTile
          label="Consultar"
          description="Acompanhe suas solicitações"
          icon={<IconSearch size={26} stroke={1.6} />}
          onClick={() => open('consultar')}
          testId="suporte-consultar"
        />
      ) : null}
      {approvals.length > 0 ? (
        <ActionTile
          label="Aguardando minha aprovação"
          icon={<IconChecklist size={26} stroke={1.6} />}
          links={approvals.map(({ queue, count }) => ({
            label: count ? waitingText(count, queue) : `… ${queue.many}`,
            to: queue.path,
            testId: `aprovacoes-${queue.key}`,
          }))}
          testId="suporte-aprovacoes"
        />
      ) : null}
      {menuPolicy.showRh(user) ? (
        <ActionTile
          label="Recursos Humanos"
          description="Solicitações ao RH"
          icon={<IconHeartHandshake size={26} stroke={1.6} />}
          to="/RhHomeRequest"
          testId="suporte-rh"
        />
      ) : null}
    </SimpleGrid>
  );
}
