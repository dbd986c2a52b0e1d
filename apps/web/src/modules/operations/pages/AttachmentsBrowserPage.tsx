import { MSG, type OperationAttachment, otSchema } from '@intranet/contracts';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconFolder, IconHome, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../ui/PageTitle.tsx';
import { attachmentUrl, useOtAttachments, useOtFolders } from '../operations.api.ts';

function Empty({ message = MSG.operationEmpty }: { message?: string }) {
  return (
    <Text c="dimmed" ta="center" py="xl">
      {message}
    </Text>
  );
}

function AttachmentCard({ attachment }: { attachment: OperationAttachment }) {
  const url = attachmentUrl(attachment);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="attachment">
      <Stack gap="xs">
        {attachment.kind === 'image' ? (
          <Image src={url} alt={attachment.name} fit="contain" mah={320} />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: recordings of a process have no captions
          <video src={url} controls preload="metadata" style={{ width: '100%', maxHeight: 320 }} />
        )}
        <Anchor href={url} target="_blank" rel="noopener" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {attachment.name}
        </Anchor>
      </Stack>
    </Card>
  );
}

function OtFiles({ ot }: { ot: string }) {
  const files = useOtAttachments(ot);
  if (files.isLoading) return <Loader role="status" aria-label="Carregando" />;
  if (!files.data?.length) return <Empty />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {files.data.map((a) => (
        <AttachmentCard key={a.id} attachment={a} />
      ))}
    </SimpleGrid>
  );
}

function Folders({ search, onOpen }: { search: string; onOpen: (ot: string) => void }) {
  const folders = useOtFolders(search);
  const rows = folders.data?.pages.flatMap((p) => p.rows) ?? [];
  if (folders.isLoading) return <Loader role="status" aria-label="Carregando" />;
  if (rows.length === 0) return <Empty message={search ? MSG.operationNone : MSG.operationEmpty} />;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, xs: 3, sm: 4 }} spacing="md">
        {rows.map((folder) => (
          <UnstyledButton key={folder.ot} onClick={() => onOpen(folder.ot)} data-testid="ot-folder">
            <Card withBorder radius="md" padding="sm">
              <Center>
                <IconFolder size={48} color="var(--mantine-color-yellow-6)" aria-hidden />
              </Center>
              {/* The button's name is what the card shows, after what it is: "OT 907001 1 arquivo". */}
              <Text ta="center" fw={700} style={{ overflowWrap: 'anywhere' }}>
                <VisuallyHidden>OT </VisuallyHidden>
                {folder.ot}
              </Text>
              <Text ta="center" size="xs" c="dimmed">
                {folder.files} {folder.files === 1 ? 'arquivo' : 'arquivos'}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
      {folders.hasNextPage ? (
        <Button
          variant="default"
          mih={40}
          onClick={() => folders.fetchNextPage()}
          loading={folders.isFetchingNextPage}
        >
          Carregar mais
        </Button>
      ) : null}
    </Stack>
  );
}

/**
 * /homeAnexoOperacao/listanexosoperacao: one folder per OT; a folder lists its images and videos.
 * The open folder lives in the address (`?ot=`, as the search links it), so Back works.
 */
export function AttachmentsBrowserPage() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  // Only an OT the contract takes opens a folder; anything else in the address shows the list.
  const open = otSchema.safeParse(params.get('ot')).data ?? null;
  const setOpen = (ot: string | null) => setParams(ot ? { ot } : {});
  // Spec §5: a search with an empty field does nothing; with no search every OT shows.
  const runSearch = () => {
    if (text.trim()) setSearch(text.trim());
  };
  return (
    <Stack py="md" maw={1100} mx="auto">
      <PageTitle
        title="Gerenciar Anexos"
        actions={
          <Group gap="xs">
            {open ? (
              <Button
                variant="default"
                mih={40}
                leftSection={<IconArrowLeft size={18} />}
                onClick={() => setOpen(null)}
              >
                Voltar
              </Button>
            ) : null}
            <Button
              component={Link}
              to="/homeAnexoOperacao"
              variant="default"
              mih={40}
              leftSection={<IconHome size={18} />}
            >
              Menu de Anexos
            </Button>
          </Group>
        }
      />
      {open ? (
        <Stack>
          <Text fw={700}>OT {open}</Text>
          <OtFiles ot={open} />
        </Stack>
      ) : (
        <Stack>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              runSearch();
            }}
          >
            <Group gap="xs" wrap="nowrap" maw={420}>
              <TextInput
                placeholder="Procurar OT..."
                aria-label="Procurar OT"
                inputMode="numeric"
                value={text}
                onChange={(event) => setText(event.currentTarget.value.replace(/\D/g, ''))}
                style={{ flex: 1 }}
              />
              <ActionIcon type="submit" size={40} aria-label="Procurar">
                <IconSearch size={20} />
              </ActionIcon>
            </Group>
          </form>
          {search ? (
            <Group gap="xs" data-testid="ot-search-active">
              <Text size="sm">
                OTs com <b>{search}</b>
              </Text>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconX size={14} aria-hidden />}
                onClick={() => {
                  setText('');
                  setSearch('');
                }}
              >
                Ver todas as OTs
              </Button>
            </Group>
          ) : null}
          <Folders search={search} onOpen={setOpen} />
        </Stack>
      )}
    </Stack>
  );
}
