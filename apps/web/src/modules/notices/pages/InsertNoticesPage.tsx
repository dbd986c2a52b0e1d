import { canManageNotices } from '@intranet/contracts';
import { Tabs } from '@mantine/core';
import { IconNews, IconPhoto, IconSpeakerphone } from '@tabler/icons-react';
import { useUser } from '../../../platform/session.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { RequireAccess } from '../../../ui/RequireAccess.tsx';
import { BannerTab } from '../components/BannerTab.tsx';
import { NoticeTab } from '../components/NoticeTab.tsx';

export function InsertNoticesPage() {
  const user = useUser();
  return (
    <RequireAccess allowed={canManageNotices(user)}>
      <PageTitle
        title="Inserir Avisos"
        description="Avisos e banners da página inicial."
        icon={<IconSpeakerphone size={28} />}
      />
      <Tabs defaultValue="aviso" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="aviso" leftSection={<IconNews size={16} />}>
            Inserir Aviso
          </Tabs.Tab>
          <Tabs.Tab value="banner" leftSection={<IconPhoto size={16} />}>
            Inserir Banner
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="aviso">
          <NoticeTab />
        </Tabs.Panel>
        <Tabs.Panel value="banner">
          <BannerTab />
        </Tabs.Panel>
      </Tabs>
    </RequireAccess>
  );
}
