import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useUserSearch } from '../settings.api.ts';

export interface PickedUser {
  userId: number;
  name: string;
  matricula: string;
}

interface UserPickerProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: number | null;
  /** The person chosen before (shown even when the search does not list him). */
  current: PickedUser | null;
  onChange: (id: number | null) => void;
}

/** Picks an active user by name or matrícula (the users directory, searched as one types). */
export function UserPicker({ value, current, onChange, ...props }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useUserSearch(debounced);
  const options = new Map<string, string>();
  if (current) options.set(String(current.userId), `${current.name} (${current.matricula})`);
  for (const u of found.data?.users ?? []) options.set(String(u.id), `${u.nome} (${u.matricula})`);
  return (
    <Select
      searchable
      clearable
      allowDeselect={false}
      nothingFoundMessage="Nenhum usuário encontrado"
      placeholder="Nome ou matrícula"
      {...props}
      data={[...options].map(([v, label]) => ({ value: v, label }))}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v ? Number(v) : null)}
      onSearchChange={setSearch}
    />
  );
}
