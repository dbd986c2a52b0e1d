import { NOTICE_POSITION, type Notice } from '@intranet/contracts';
import { Alert, Card, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconSpeakerphone } from '@tabler/icons-react';
import { errorMessage } from '../../../api/client.ts';
import { StoredPicture } from '../../../ui/StoredPicture.tsx';
import { useNotices } from '../home.api.ts';
import classes from './home.module.css';

/** The notices of the home page: paisagem (image on top) or retrato (image beside the text). */
export function NoticeList() {
  const { data, isPending, isError, error } = useNotices();

  return (
    <section aria-labelledby="avisos-titulo" data-testid="notices">
      <Group gap="sm" mb="md">
        <ThemeIcon size={36} radius="md" variant="light" color="brand" aria-hidden>
          <IconSpeakerphone size={20} />
        </ThemeIcon>
        <Title order={2} id="avisos-titulo" fz={{ base: 20, sm: 24 }} c="brand.9">
          Avisos
        </Title>
      </Group>
      {isPending ? (
        <Stack gap="md">
          <Skeleton height={220} radius="lg" />
          <Skeleton height={120} radius="lg" />
        </Stack>
      ) : isError ? (
        <Alert color="red" variant="light" radius="lg" icon={<IconAlertTriangle size={20} />}>
          {errorMessage(error, 'Não foi possível carregar os avisos.')}
        </Alert>
      ) : data.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="notices-empty">
          <Text c="dimmed" ta="center">
            Nenhum aviso no momento.
          </Text>
        </Paper>
      ) : (
        <Stack gap="lg">
          {data.map((n) => (
            <NoticeCard key={n.id} notice={n} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/**
 * How wide a notice image shows: a landscape one spans the card; a portrait one is 220 px beside
 * the text, and on a phone sits in a 4:3 frame where a portrait photo fills about half the width.
 */
const SIZES = {
  portrait: '(min-width: 48em) 220px, 50vw',
  landscape: '(min-width: 75em) 900px, 100vw',
};

function NoticeImage({
  path,
  portrait,
  frameClass,
}: {
  path: string;
  portrait: boolean;
  frameClass: string | undefined;
}) {
  const sizes = portrait ? SIZES.portrait : SIZES.landscape;
  return (
    <div className={`${classes.frame} ${frameClass}`}>
      {/* Both show the same chosen copy: one download. */}
      <StoredPicture
        path={path}
        sizes={sizes}
        className={classes.backdrop}
        alt=""
        aria-hidden
        loading="lazy"
      />
      <StoredPicture
        path={path}
        sizes={sizes}
        className={classes.frameImage}
        alt="Imagem do aviso"
        loading="lazy"
      />
    </div>
  );
}

function NoticeCard({ notice }: { notice: Notice }) {
  const portrait = notice.position === NOTICE_POSITION.retrato;
  const path = notice.img;
  const text = (
    <div className={classes.noticeBody} style={{ flex: 1, minWidth: 0 }}>
      <Text className={classes.noticeText}>{notice.text}</Text>
    </div>
  );
  return (
    <Card
      component="article"
      withBorder
      radius="lg"
      padding={0}
      shadow="xs"
      className={classes.notice}
      data-testid="notice"
      data-position={portrait ? 'retrato' : 'paisagem'}
    >
      {portrait ? (
        <div className={classes.portrait}>
          {path ? <NoticeImage path={path} portrait frameClass={classes.portraitFrame} /> : null}
          {text}
        </div>
      ) : (
        <>
          {path ? <NoticeImage path={path} portrait={false} frameClass={classes.landscapeFrame} /> : null}
          {text}
        </>
      )}
    </Card>
  );
}
