import { BUSCA_KIND_LABELS, type BuscaGroup, type BuscaKind } from '@intranet/contracts';
import { Combobox, Text, useCombobox } from '@mantine/core';
import {
  IconCar,
  IconFolder,
  IconHeadset,
  IconId,
  IconPaperclip,
  IconShoppingCart,
  IconSpeakerphone,
  IconUser,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './busca.module.css';

const KIND_ICON: Record<BuscaKind, typeof IconUser> = {
  pessoa: IconUser,
  chamado: IconHeadset,
  compra: IconShoppingCart,
  rh: IconUsersGroup,
  funcionario: IconId,
  multa: IconCar,
  arquivo: IconFolder,
  aviso: IconSpeakerphone,
  operacao: IconPaperclip,
};

/** One line of the results the arrows move through: a hit, or a group's "Ver todos". */
export interface BuscaEntry {
  href: string;
}

/**
 * The lines in the order the arrows walk them: each group's hits that open something, then its
 * "Ver todos". A hit with no address (a person, for who does not manage users) is only shown.
 */
export function buscaEntries(groups: readonly BuscaGroup[]): BuscaEntry[] {
  return groups.flatMap((g) => [
    ...g.hits.filter((h) => h.href).map((h) => ({ href: h.href })),
    ...(g.moreHref ? [{ href: g.moreHref }] : []),
  ]);
}

/** The DOM id of the n-th line, which the input names as its active descendant. */
export const entryId = (listId: string, n: number) => `${listId}-${n}`;

/**
 * The results as one listbox, a group per kind under its heading: the focus stays in the search
 * input, which names the active line (`active`, moved by the arrows) as its active descendant.
 */
export function BuscaResults({
  listId,
  groups,
  active,
  onActivate,
  onOpen,
}: {
  listId: string;
  groups: readonly BuscaGroup[];
  active: number;
  onActivate(n: number): void;
  onOpen(href: string): void;
}) {
  // Only the look and roles of Mantine's Combobox: the input moves the selection (BuscaPanel).
  const store = useCombobox();
  let n = -1;
  const line = (href: string, content: ReactNode, key: string) => {
    // Information only: an option the arrows skip and a click does not submit (aria-disabled).
    if (!href)
      return (
        <Combobox.Option
          key={key}
          value=""
          disabled
          aria-disabled
          aria-selected={false}
          className={`${classes.option} ${classes.info}`}
          data-testid="busca-info"
        >
          {content}
        </Combobox.Option>
      );
    n += 1;
    const index = n;
    return (
      <Combobox.Option
        key={key}
        value={href}
        id={entryId(listId, index)}
        selected={index === active}
        aria-selected={index === active}
        onMouseMove={() => index !== active && onActivate(index)}
        className={classes.option}
      >
        {content}
      </Combobox.Option>
    );
  };
  return (
    <Combobox store={store} onOptionSubmit={onOpen}>
      <Combobox.Options id={listId} aria-label="Resultados da busca" className={classes.results}>
        {groups.map((g) => {
          const Icon = KIND_ICON[g.kind];
          return (
            <Combobox.Group key={g.kind} label={BUSCA_KIND_LABELS[g.kind]} data-kind={g.kind}>
              {g.hits.map((hit) =>
                line(
                  hit.href,
                  <>
                    <Icon size={18} aria-hidden className={classes.kindIcon} />
                    <span className={classes.hitBody}>
                      <Text component="span" fw={600} size="sm" className={classes.hitTitle}>
                        {hit.title}
                      </Text>
                      {hit.detail ? (
                        <Text component="span" size="xs" c="dimmed" className={classes.hitDetail}>
                          {hit.detail}
                        </Text>
                      ) : null}
                    </span>
                  </>,
                  `${g.kind}-${hit.id}`,
                ),
              )}
              {g.moreHref
                ? line(
                    g.moreHref,
                    <Text component="span" size="sm" c="blue.8" fw={600} className={classes.more}>
                      Ver todos
                    </Text>,
                    `${g.kind}-more`,
                  )
                : null}
            </Combobox.Group>
          );
        })}
      </Combobox.Options>
    </Combobox>
  );
}
