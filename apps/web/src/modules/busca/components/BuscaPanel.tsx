import { buscaQuery } from '@intranet/contracts';
import { Alert, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { useBusca } from '../busca.api.ts';
import { BuscaResults, buscaEntries, entryId } from './BuscaResults.tsx';

const TYPING_PAUSE_MS = 250;

/** The text as the contract takes it, or the contract's message saying why not. */
function checkText(text: string): { q: string; message?: undefined } | { q: null; message: string } {
  const parsed = buscaQuery.safeParse({ q: text });
  if (parsed.success) return { q: parsed.data.q };
  return { q: null, message: parsed.error.issues[0]?.message ?? '' };
}

/**
 * The search dialog's content: the input and what it finds, grouped by kind. The focus stays in the
 * input: ↑/↓ move through the lines of every group, Enter opens the active one (`onOpen`).
 */
export function BuscaPanel({ onOpen }: { onOpen(href: string): void }) {
  const listId = useId().replace(/:/g, '');
  const [text, setText] = useState('');
  const [typed] = useDebouncedValue(text, TYPING_PAUSE_MS);
  const now = checkText(text);
  const asked = checkText(typed).q;
  const search = useBusca(now.q === null ? null : asked);
  const groups = now.q !== null ? (search.data?.groups ?? []) : [];
  const entries = buscaEntries(groups);
  const [active, setActive] = useState(0);

  // New results: the first line is the active one again.
  useEffect(() => {
    if (search.data) setActive(0);
  }, [search.data]);

  useEffect(() => {
    document.getElementById(entryId(listId, active))?.scrollIntoView({ block: 'nearest' });
  }, [listId, active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || entries.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + entries.length) % entries.length);
    } else if (event.key === 'Enter') {
      const entry = entries[active];
      if (!entry) return;
      event.preventDefault();
      onOpen(entry.href);
    }
  };

  const answered = now.q !== null && search.data && !search.isPlaceholderData;
  // Also when no line opens anything: hits shown for information only.
  const showList = groups.length > 0;
  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        label="Nome, matrícula, número, placa ou OT"
        placeholder="Buscar…"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" aria-hidden /> : null}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={showList ? listId : undefined}
        aria-activedescendant={showList && entries[active] ? entryId(listId, active) : undefined}
        autoComplete="off"
        spellCheck={false}
        data-testid="busca-input"
      />
      <div aria-live="polite">
        {now.message ? (
          <Text size="sm" c="dimmed">
            {now.message}
          </Text>
        ) : search.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            {errorMessage(search.error, 'Não foi possível buscar agora. Tente novamente.')}
          </Alert>
        ) : search.isPending ? (
          <Text size="sm" c="dimmed">
            Buscando…
          </Text>
        ) : answered && groups.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="busca-empty">
            Nenhum resultado para “{asked}”.
          </Text>
        ) : null}
      </div>
      {showList && !search.isError ? (
        <BuscaResults
          listId={listId}
          groups={groups}
          active={active}
          onActivate={setActive}
          onOpen={onOpen}
        />
      ) : null}
    </Stack>
  );
}
