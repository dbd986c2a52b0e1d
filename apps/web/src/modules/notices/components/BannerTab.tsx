import type { Banner } from '@intranet/contracts';
import { Button, Card, Group, Image, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ImagePicker } from '../../../ui/ImagePicker.tsx';
import { storedFileUrl } from '../../../ui/image-check.ts';
import { useBanners, useDeleteBanner, useInsertBanner } from '../notices.api.ts';

/** Banner picker, preview, Salvar Banner and the grid of banners with Excluir (spec §2). */
export function BannerTab() {
  const banners = useBanners();
  const insert = useInsertBanner();
  const remove = useDeleteBanner();
  const [file, setFile] = useState<File | null>(null);

  const save = () => {
    if (file) insert.mutate(file, { onSuccess: () => setFile(null) });
  };

  const confirmDelete = (banner: Banner) =>
    modals.openConfirmModal({
      title: 'Excluir banner',
      children: <Text size="sm">Você confirma a exclusão deste banner?</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(banner.id),
    });

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack>
          <ImagePicker
            value={file}
            onChange={setFile}
            label="Banner"
            buttonLabel="Escolher banner"
            previewHeight={220}
          />
          <Group justify="flex-end">
            <Button
              onClick={save}
              disabled={!file}
              loading={insert.isPending}
              leftSection={<IconUpload size={16} />}
            >
              Salvar Banner
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Title order={2} fz="lg">
        Banners
      </Title>
      {banners.isPending ? <Loader /> : null}
      {banners.data?.length === 0 ? <Text c="dimmed">Nenhum banner cadastrado.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(banners.data ?? []).map((b) => (
          <Card key={b.id} withBorder radius="md" padding="sm" data-testid="banner-card">
            <Card.Section>
              <Image src={storedFileUrl(b.path)} alt={b.alt} h={140} fit="cover" />
            </Card.Section>
            <Group justify="space-between" mt="sm" wrap="nowrap">
              <Text size="sm" lineClamp={1} style={{ minWidth: 0, flex: 1 }} title={b.alt}>
                {b.alt}
              </Text>
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} />}
                style={{ flexShrink: 0 }}
                onClick={() => confirmDelete(b)}
              >
                Excluir
              </Button>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
