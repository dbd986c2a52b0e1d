import { formatDate, type NoticeEntry } from '@intranet/contracts';
import { Badge, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { StoredPicture } from '../../../ui/StoredPicture.tsx';
import classes from './NoticeSummary.module.css';

/** When and by which sector a notice was published: "12/11/2026 · Recursos Humanos". */
export function NoticeMeta({ notice }: { notice: NoticeEntry }) {
  return (
    <Group gap="xs" mb={6} wrap="wrap">
      <Text size="sm" fw={600} c="brand.9" data-testid="notice-date">
        {formatDate(notice.createdAt)}
      </Text>
      {notice.setor ? (
        <Badge variant="light" color="gray" radius="sm" tt="none">
          {notice.setor}
        </Badge>
      ) : null}
    </Group>
  );
}

/** One line of the Avisos list: date, sector, the start of the text and a thumbnail; opens it in full. */
export function NoticeSummary({ notice, onOpen }: { notice: NoticeEntry; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} className={classes.button} data-testid="notice-summary">
      <Paper withBorder radius="lg" p="md" className={classes.card}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          {notice.img ? (
            <div className={classes.thumb}>
              <StoredPicture
                path={notice.img}
                sizes="72px"
                alt=""
                loading="lazy"
                className={classes.thumbImage}
              />
            </div>
          ) : null}
          <div className={classes.body}>
            <NoticeMeta notice={notice} />
            <Text lineClamp={3} className={classes.text}>
              {notice.text}
            </Text>
          </div>
          <IconChevronRight size={20} aria-hidden className={classes.chevron} />
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
