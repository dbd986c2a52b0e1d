import { Button, Grid, Group, Loader, Stack, Tabs } from '@mantine/core';
import { IconCalendarStats, IconDownload, IconPlus, IconReceipt, IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { BmReport, BmReportModal } from '../components/BmReport.tsx';
import { FineFilterBar } from '../components/FineFilterBar.tsx';
import { FinesTable } from '../components/FinesTable.tsx';
import { ImportFinesModal } from '../components/ImportFinesModal.tsx';
import { InsertFineModal } from '../components/InsertFineModal.tsx';
import { exportFinesUrl, useFineAggregates, useFineFilters } from '../fines.api.ts';

/** The seven views of spec §2, selected by number (`?view=`). */
export const FINE_VIEWS = [
  'Home',
  'Relação de Multas',
  'Multas por Período',
  'Relação de Ofensores',
  'Gerenciar Dados',
  'Autuações Atendidas',
  'Tratativas por Período',
] as const;

// The charts (@mantine/charts and recharts, most of this page's code) are a chunk of their own, asked
// by the dashboard views only: the table views 2, 5 and 7 go without them (bench:web,
// /managerFines?view=2, 5 and 7, cold).
const FineDashboard = lazy(async () => ({
  default: (await import('../components/FineDashboard.tsx')).FineDashboard,
}));

function DashboardView({ view }: { view: number }) {
  const { query } = useFineFilters();
  // The indicators are asked while the charts' code arrives, not once it has (the same query).
  useFineAggregates(query);
  return (
    <Suspense fallback={<Loader role="status" aria-label="Carregando" />}>
      <FineDashboard view={view} />
    </Suspense>
  );
}

function ViewContent({ view }: { view: number }) {
  const { query } = useFineFilters();
  if (view === 2) return <FinesTable filters={query} />;
  if (view === 5) return <FinesTable filters={query} editable />;
  if (view === 7) return <BmReport />;
  return <DashboardView view={view} />;
}

/** /managerFines: the fines of Gestão de Multas (spec §2). */
export function ManagerFinesPage() {
  const [params, setParams] = useSearchParams();
  const view = Math.min(7, Math.max(1, Number(params.get('view')) || 1));
  const { query } = useFineFilters();
  const [inserting, setInserting] = useState(false);
  const [bm, setBm] = useState(false);
  const [importing, setImporting] = useState(false);

  return (
    <Stack py="md">
      <PageTitle
        title="Gestão de Multas"
        description={FINE_VIEWS[view - 1]}
        icon={<IconReceipt size={28} />}
        actions={
          <Group gap="xs">
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setInserting(true)}>
              Inserir Multa
            </Button>
            <Button
              variant="light"
              leftSection={<IconCalendarStats size={16} aria-hidden />}
              onClick={() => setBm(true)}
            >
              Relatório BM
            </Button>
            <Button
              component="a"
              href={exportFinesUrl(query)}
              download="multas_geral.xlsx"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Baixar planilha
            </Button>
            <Button
              variant="light"
              leftSection={<IconUpload size={16} aria-hidden />}
              onClick={() => setImporting(true)}
            >
              Importar planilha
            </Button>
          </Group>
        }
      />
      <Tabs
        value={String(view)}
        onChange={(v) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('view', v ?? '1');
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {FINE_VIEWS.map((name, i) => (
            <Tabs.Tab key={name} value={String(i + 1)}>
              {i + 1} {name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Grid gutter="md" mt="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <FineFilterBar />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }} style={{ minWidth: 0 }}>
            {/* Every tab names its panel (aria-controls); only the chosen view's is drawn. */}
            {FINE_VIEWS.map((name, i) => (
              <Tabs.Panel key={name} value={String(i + 1)}>
                <ViewContent view={i + 1} />
              </Tabs.Panel>
            ))}
          </Grid.Col>
        </Grid>
      </Tabs>
      <InsertFineModal opened={inserting} onClose={() => setInserting(false)} />
      <BmReportModal opened={bm} onClose={() => setBm(false)} />
      <ImportFinesModal opened={importing} onClose={() => setImporting(false)} />
    </Stack>
  );
}
