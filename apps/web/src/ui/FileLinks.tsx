import { Anchor, Button, Group, Image, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFile, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from './Dialog.tsx';

/** A stored file as a screen lists it: its name, where it is served and, when known, its type. */
export interface LinkedFile {
  key: string | number;
  name: string;
  url: string;
  mime?: string | null;
}

const IMAGE_NAME = /\.(png|jpe?g|gif|webp|bmp|svg)$/i;

/** Images (spec §5's viewable types) open large on the page; anything else opens in a new tab. */
export const isImageFile = (f: Pick<LinkedFile, 'name' | 'mime'>) =>
  f.mime ? f.mime.startsWith('image/') : IMAGE_NAME.test(f.name);

/**
 * Attachments as links. An image is not downloaded until asked for (warehouse phones are on slow
 * networks): its link opens it large in a dialog, with Abrir em nova aba to see it whole or save it.
 */
export function FileLinks({ files, size = 'sm' }: { files: LinkedFile[]; size?: 'xs' | 'sm' }) {
  const [open, setOpen] = useState<LinkedFile | null>(null);
  const phone = useMediaQuery('(max-width: 48em)');
  if (files.length === 0) return null;
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {files.map((f) =>
          isImageFile(f) ? (
            <Anchor
              key={f.key}
              component="button"
              type="button"
              size={size}
              onClick={() => setOpen(f)}
              style={{ overflowWrap: 'anywhere', textAlign: 'left' }}
            >
              <IconPhoto size={14} aria-hidden /> {f.name}
            </Anchor>
          ) : (
            <Anchor
              key={f.key}
              href={f.url}
              target="_blank"
              rel="noopener"
              size={size}
              style={{ overflowWrap: 'anywhere' }}
            >
              <IconFile size={14} aria-hidden /> {f.name}
            </Anchor>
          ),
        )}
      </Group>
      <Dialog
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={open?.name}
        size="xl"
        fullScreen={phone}
        centered
        zIndex={400}
        closeButtonProps={{ 'aria-label': 'Fechar' }}
      >
        {open ? (
          <Stack align="center">
            <Image
              src={open.url}
              alt={open.name}
              fit="contain"
              mah={phone ? '70vh' : '75vh'}
              w="auto"
              maw="100%"
            />
            <Button
              component="a"
              href={open.url}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              Abrir em nova aba
            </Button>
          </Stack>
        ) : null}
      </Dialog>
    </>
  );
}
