import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  type FocusEvent,
  type KeyboardEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ExplorerItem, entryKey, type ItemActions, ItemRow } from './ItemRow.tsx';

/** A row is about 53 px (52 px min-height, ItemRow.module.css) and rows are 2 px apart; each is measured. */
const ROW_ESTIMATE = 53;
const ROW_GAP = 2;

/**
 * The items of a folder as a window-scrolled virtual list: a folder can hold 5,000 files and 400
 * subfolders (decision 0023), so only the rows near the screen are in the DOM.
 * Small folders go through the same path (every row fits in the window anyway).
 *
 * The row that holds the focus (a row focused with the keyboard, the inline rename input) stays
 * rendered while it scrolls out of the window, so typing a new name or tabbing on is never lost.
 * Arrow keys, Home and End move between rows, since Tab only reaches the rows in the DOM.
 */
export function FolderItemList({
  entries,
  actions,
  publicFolder,
  onEndReached,
}: {
  entries: ExplorerItem[];
  actions: ItemActions;
  publicFolder: boolean;
  /** Asks for the next page of the folder when the end of the list comes near the screen. */
  onEndReached?: () => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const [pinnedKey, setPinnedKey] = useState<string | null>(null);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  const indexByKey = useMemo(() => new Map(entries.map((entry, i) => [entryKey(entry), i])), [entries]);
  const pinned = pinnedKey === null ? undefined : indexByKey.get(pinnedKey);

  // Where the list starts in the page: the search card and the upload progress above it change height.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const update = () => setScrollMargin(Math.round(list.getBoundingClientRect().top + window.scrollY));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (pinned === undefined || pinned >= range.count || indexes.includes(pinned)) return indexes;
      return [...indexes, pinned].sort((a, b) => a - b);
    },
    [pinned],
  );

  const virtualizer = useWindowVirtualizer({
    count: entries.length,
    estimateSize: () => ROW_ESTIMATE,
    gap: ROW_GAP,
    overscan: 8,
    scrollMargin,
    getItemKey: (i) => entryKey(entries[i] as ExplorerItem),
    rangeExtractor,
  });

  const lastShown = virtualizer.getVirtualItems().at(-1)?.index ?? -1;
  useEffect(() => {
    if (lastShown >= entries.length - 30) onEndReached?.();
  }, [lastShown, entries.length, onEndReached]);

  // Keyboard moves: the target row is pinned (so it is in the DOM), then focused, which scrolls to it.
  useEffect(() => {
    if (focusIndex === null) return;
    const row = listRef.current?.querySelector<HTMLElement>(`:scope > li[data-index="${focusIndex}"]`);
    if (row) {
      row.focus();
      setFocusIndex(null);
    }
  });

  function moveFocus(e: KeyboardEvent<HTMLUListElement>) {
    const row = e.target as HTMLElement;
    if (row.parentElement !== e.currentTarget || row.dataset.index === undefined) return;
    const from = Number(row.dataset.index);
    const to =
      e.key === 'ArrowDown'
        ? from + 1
        : e.key === 'ArrowUp'
          ? from - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? entries.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    const target = entries[Math.max(0, Math.min(entries.length - 1, to))];
    if (!target) return;
    setPinnedKey(entryKey(target));
    setFocusIndex(indexByKey.get(entryKey(target)) ?? null);
  }

  function pinFocused(e: FocusEvent<HTMLUListElement>) {
    const row = (e.target as HTMLElement).closest<HTMLElement>('li[data-index]');
    const entry = row ? entries[Number(row.dataset.index)] : undefined;
    if (entry) setPinnedKey(entryKey(entry));
  }

  function unpinBlurred(e: FocusEvent<HTMLUListElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setPinnedKey(null);
  }

  return (
    <ul
      ref={listRef}
      aria-label="Itens da pasta"
      onKeyDown={moveFocus}
      onFocus={pinFocused}
      onBlur={unpinBlurred}
      style={{
        listStyle: 'none',
        margin: 0,
        padding: 0,
        position: 'relative',
        height: virtualizer.getTotalSize(),
      }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const entry = entries[row.index] as ExplorerItem;
        return (
          <ItemRow
            key={row.key}
            ref={virtualizer.measureElement}
            index={row.index}
            setSize={entries.length}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
            entry={entry}
            actions={actions}
            publicFolder={publicFolder}
          />
        );
      })}
    </ul>
  );
}
