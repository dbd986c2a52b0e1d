import {
  FINE_FIELDS,
  FINE_FORM_GROUPS,
  FINE_REQUIRED_FIELDS,
  FINE_UF_LENGTH,
  type FineField,
  type FineFieldKind,
  type FineInput,
  PASSIVO,
  STATUS_MULTA,
  STATUS_ND,
  STATUS_PAGMTO,
} from '@intranet/contracts';
import { Fieldset, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DateField } from '../../../ui/form/DateField.tsx';
import { MaskedInput } from '../../../ui/form/MaskedInput.tsx';
import { MoneyInput } from '../../../ui/form/MoneyInput.tsx';

// biome-ignore lint/suspicious/noExplicitAny: the form's transform type does not matter to its inputs
export type FineForm = UseFormReturnType<FineInput, any>;

const KIND = new Map<FineField, FineFieldKind>(FINE_FIELDS.map(([name, kind]) => [name, kind]));
const MAX = new Map<FineField, number>(
  FINE_FIELDS.flatMap((f) => (f.length === 3 ? [[f[0], f[2]] as [FineField, number]] : [])),
);
const REQUIRED = new Set<FineField>(FINE_REQUIRED_FIELDS);
const OPTIONS: Partial<Record<FineFieldKind, readonly string[]>> = {
  statusMulta: STATUS_MULTA,
  statusPagmto: STATUS_PAGMTO,
  statusNd: STATUS_ND,
  passivo: PASSIVO,
};

/** Empty values for every field: what the insert form starts with. */
export function emptyFine(): FineInput {
  const values: Record<string, null | ''> = {};
  for (const [name, kind] of FINE_FIELDS) values[name] = kind === 'money' || kind === 'number' ? '' : null;
  return values as FineInput;
}

function FieldInput({ form, name }: { form: FineForm; name: FineField }) {
  const kind = KIND.get(name) ?? 'text';
  const input = form.getInputProps(name);
  const common = { label: name, withAsterisk: REQUIRED.has(name), 'data-testid': `fine-${name}` };
  const options = OPTIONS[kind];
  if (options) {
    return <Select {...common} {...input} data={[...options]} clearable value={input.value ?? null} />;
  }
  switch (kind) {
    case 'date':
      return <DateField {...common} {...input} value={input.value ?? ''} clearable />;
    case 'money':
      return <MoneyInput {...common} {...input} value={input.value ?? ''} placeholder="R$ 0,00" />;
    case 'number':
      return (
        <NumberInput
          {...common}
          {...input}
          value={input.value ?? ''}
          decimalSeparator=","
          thousandSeparator="."
          hideControls
        />
      );
    case 'plate':
      return (
        <MaskedInput {...common} {...input} mask="plate" value={input.value ?? ''} placeholder="ABC-1D23" />
      );
    case 'cnpj':
      return (
        <MaskedInput
          {...common}
          {...input}
          mask="cnpj"
          value={input.value ?? ''}
          placeholder="00.000.000/0000-00"
        />
      );
    case 'uf':
      return (
        <TextInput
          {...common}
          {...input}
          value={input.value ?? ''}
          maxLength={FINE_UF_LENGTH}
          onChange={(e) => form.setFieldValue(name, e.currentTarget.value.toUpperCase())}
        />
      );
    default:
      return name === 'MOTIVO' ? (
        <Textarea
          {...common}
          {...input}
          value={input.value ?? ''}
          autosize
          minRows={1}
          maxLength={MAX.get(name)}
        />
      ) : (
        <TextInput {...common} {...input} value={input.value ?? ''} maxLength={MAX.get(name)} />
      );
  }
}

/** The seven groups of the insert form (spec §2), also used to edit a row. */
export function FineFields({ form }: { form: FineForm }) {
  return (
    <Stack gap="md">
      {FINE_FORM_GROUPS.map((group) => (
        <Fieldset key={group.title} legend={group.title}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="sm">
            {group.fields.map((name) => (
              <FieldInput key={name} form={form} name={name} />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
