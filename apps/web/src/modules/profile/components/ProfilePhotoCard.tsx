import { IMAGE_FILE, type SessionUser } from '@intranet/contracts';
import { Avatar, Badge, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPhotoUp } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../../../platform/session.tsx';
import { imageProblem, storedFileUrl } from '../../../ui/image-check.ts';
import { initials } from '../../../ui/names.ts';
import { useChangePicture } from '../profile.api.ts';

const ACCEPT = IMAGE_FILE.mimes.join(',');

/** Object URL of the picked file, revoked when the file changes or the card goes away. */
function usePreviewUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export function ProfilePhotoCard({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const resetRef = useRef<() => void>(null);
  const preview = usePreviewUrl(file);
  const upload = useChangePicture();

  const pick = async (picked: File | null) => {
    resetRef.current?.(); // the same file can be picked again after a cancel
    if (!picked) return;
    const reason = await imageProblem(picked);
    setProblem(reason);
    setFile(reason ? null : picked);
  };

  const cancel = () => {
    setFile(null);
    setProblem(null);
  };

  const save = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: async () => {
        await refresh();
        setFile(null);
      },
    });
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="profile-photo-title" h="100%">
      <Stack align="center" gap="sm">
        <Title id="profile-photo-title" order={2} size="h4" style={{ alignSelf: 'flex-start' }}>
          Foto de perfil
        </Title>
        <Avatar
          src={preview ?? storedFileUrl(user.pictureProfile)}
          alt={preview ? 'Pré-visualização da nova foto' : `Foto de ${user.userName}`}
          color="brand"
          size={140}
          radius={140}
          data-testid="profile-photo"
          style={{
            boxShadow: '0 0 0 4px var(--mantine-color-white), 0 0 0 6px var(--mantine-color-brand-2)',
          }}
        >
          {/* The header's initials (first and last name), not Mantine's first two words. */}
          {initials(user.userName)}
        </Avatar>
        {preview && (
          <Badge variant="light" color="yellow">
            Pré-visualização
          </Badge>
        )}
        {problem && (
          <Group gap={6} wrap="nowrap" role="alert" c="red.7" align="flex-start">
            <IconAlertCircle size={18} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
            <Text size="sm" fw={500}>
              {problem}
            </Text>
          </Group>
        )}
        {file ? (
          <Group gap="sm" justify="center" w="100%">
            <Button variant="default" onClick={cancel} disabled={upload.isPending}>
              Cancelar
            </Button>
            <Button color="brand.9" onClick={save} loading={upload.isPending}>
              Salvar foto
            </Button>
          </Group>
        ) : (
          <FileButton
            onChange={pick}
            accept={ACCEPT}
            resetRef={resetRef}
            inputProps={{ 'aria-label': 'Arquivo da foto de perfil' }}
          >
            {(props) => (
              <Button {...props} variant="light" color="brand.9" leftSection={<IconPhotoUp size={18} />}>
                Escolher foto
              </Button>
            )}
          </FileButton>
        )}
        <Text size="xs" c="dimmed" ta="center">
          JPEG, PNG ou WEBP, até 3MB.
        </Text>
      </Stack>
    </Paper>
  );
}
