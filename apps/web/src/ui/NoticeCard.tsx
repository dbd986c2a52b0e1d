import { NOTICE_POSITION, type Notice } from '@intranet/contracts';
import { Card, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './NoticeCard.module.css';
import { StoredPicture } from './StoredPicture.tsx';

export const NOTICES_ERROR = 'Não foi possível carregar os avisos.';
export const NOTICES_EMPTY = 'Nenhum aviso no momento.';

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

interface NoticeCardProps {
  notice: Pick<Notice, 'text' | 'img' | 'position'>;
  /** A line above the text (the Avisos screen puts the date and the sector there). */
  header?: ReactNode;
  /** No border nor shadow: inside a dialog. */
  bare?: boolean;
}

/**
 * A notice in full, as the home page and the Avisos screen show it: paisagem (image on top) or
 * retrato (image beside the text; above it on a phone). The text is plain, kept as typed.
 */
export function NoticeCard({ notice, header, bare = false }: NoticeCardProps) {
  const portrait = notice.position === NOTICE_POSITION.retrato;
  const path = notice.img;
  const text = (
    <div className={classes.noticeBody} style={{ flex: 1, minWidth: 0 }}>
      {header}
      <Text className={classes.noticeText}>{notice.text}</Text>
    </div>
  );
  return (
    <Card
      component="article"
      withBorder={!bare}
      radius="lg"
      padding={0}
      shadow={bare ? undefined : 'xs'}
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
