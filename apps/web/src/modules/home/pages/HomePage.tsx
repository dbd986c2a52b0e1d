import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useUser } from '../../../platform/session.tsx';
import { APP_TITLE } from '../../../ui/PageTitle.tsx';
import { PendenciasHomeBlock } from '../../pendencias/pendencias.public.ts';
import { BannerSlider } from '../components/BannerSlider.tsx';
import { MainMenu } from '../components/MainMenu.tsx';
import { NoticeList } from '../components/NoticeList.tsx';

/** Home: greeting, Minhas pendências (issue 35), main menu, banners and notices (spec §2). */
export function HomePage() {
  const user = useUser();
  const firstName = user.userName.trim().split(/\s+/)[0] ?? '';
  useDocumentTitle(`Início · ${APP_TITLE}`);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 22, sm: 28 }} c="brand.9">
          Olá, {firstName}!
        </Title>
        <Text c="dimmed" size="sm">
          Boas-vindas à intranet da Rota Sul Logística.
        </Text>
      </div>
      <PendenciasHomeBlock />
      <MainMenu />
      <BannerSlider />
      <NoticeList />
    </Stack>
  );
}
