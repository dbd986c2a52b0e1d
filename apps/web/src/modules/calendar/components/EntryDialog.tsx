import {
  type CalendarAbilities,
  type CalendarEvent,
  type CalendarVacation,
  formatDate,
} from '@intranet/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconDeviceFloppy, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useDeleteEvent, useDeleteVacation } from '../calendar.api.ts';
import { InviteDialog } from './AddDialog.tsx';
import { EVENT_FORM_ID, EventTab } from './EventTab.tsx';
import { VacationEditForm } from './VacationEditForm.tsx';

/** An entry of the month view, opened by a click or a tap on its chip. */
export type CalendarEntry =
  | { kind: 'event'; event: CalendarEvent }
  | { kind: 'vacation'; vacation: CalendarVacation };

interface EntryDialogProps {
  entry: CalendarEntry;
  abilities: CalendarAbilities;
  onClose: () => void;
}

/**
 * The details of an event or a vacation (issue 32), with Editar and Excluir for whom the calendar
 * policy allows (the entry's `canEdit`, calendar.policy.ts); the page mounts it per opening.
 */
export function EntryDialog({ entry, abilities, onClose }: EntryDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState(false);
  const title = entry.kind === 'event' ? entry.event.title : `Férias de ${entry.vacation.employeeName}`;
  return (
    <Dialog
      opened
      onClose={onClose}
      title={editing ? (entry.kind === 'event' ? 'Editar evento' : 'Alterar férias') : title}
      size={editing ? 'lg' : 'md'}
      fullScreen={Boolean(phone && editing)}
      centered
      styles={{ title: { overflowWrap: 'anywhere' } }}
    >
      {entry.kind === 'event' ? (
        editing ? (
          <EditEvent event={entry.event} abilities={abilities} onDone={() => setEditing(false)} />
        ) : (
          <EventDetails event={entry.event} onEdit={() => setEditing(true)} onClose={onClose} />
        )
      ) : editing ? (
        <VacationEditForm
          vacation={entry.vacation}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      ) : (
        <VacationDetails vacation={entry.vacation} onEdit={() => setEditing(true)} onClose={onClose} />
      )}
    </Dialog>
  );
}

function Actions({
  canEdit,
  what,
  onEdit,
  onDelete,
  deleting,
}: {
  canEdit: boolean;
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  if (!canEdit) return null;
  return (
    <Group justify="flex-end" mt="md" gap="xs">
      <Button
        color="red"
        variant="light"
        leftSection={<IconTrash size={16} />}
        loading={deleting}
        onClick={() =>
          modals.openConfirmModal({
            title: `Excluir ${what}`,
            children: <Text size="sm">Você confirma a exclusão? Ela não pode ser desfeita.</Text>,
            labels: { confirm: 'Excluir', cancel: 'Cancelar' },
            confirmProps: { color: 'red' },
            onConfirm: onDelete,
          })
        }
      >
        Excluir
      </Button>
      <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
        Editar
      </Button>
    </Group>
  );
}

function EventDetails({
  event,
  onEdit,
  onClose,
}: {
  event: CalendarEvent;
  onEdit: () => void;
  onClose: () => void;
}) {
  const remove = useDeleteEvent();
  return (
    <Stack gap={6} data-testid="event-details">
      <Text size="sm">
        {formatDate(event.event_date)}
        {event.event_hours ? `, ${event.event_hours}` : ' (o dia todo)'}
      </Text>
      <Text size="sm" c="dimmed">
        {event.company ? 'Evento da empresa' : 'Reunião'} · criado por {event.createdByName}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {event.invitees.length > 0
          ? `Participantes: ${event.invitees.map((p) => p.name).join(', ')}`
          : 'Sem convidados.'}
      </Text>
      <Actions
        canEdit={event.canEdit}
        what="evento"
        onEdit={onEdit}
        deleting={remove.isPending}
        onDelete={() => remove.mutate(event, { onSuccess: onClose })}
      />
    </Stack>
  );
}

function VacationDetails({
  vacation,
  onEdit,
  onClose,
}: {
  vacation: CalendarVacation;
  onEdit: () => void;
  onClose: () => void;
}) {
  const remove = useDeleteVacation();
  return (
    <Stack gap={6} data-testid="vacation-details">
      <Text size="sm">
        {formatDate(vacation.DateStart)} a {formatDate(vacation.DateEnd)} ({vacation.vacationDays}{' '}
        {vacation.vacationDays === 1 ? 'dia' : 'dias'})
      </Text>
      <Text size="sm" c="dimmed">
        Matrícula {vacation.userRegistration}
        {vacation.setor ? ` · ${vacation.setor}` : ''}
      </Text>
      <Actions
        canEdit={vacation.canEdit}
        what="férias"
        onEdit={onEdit}
        deleting={remove.isPending}
        onDelete={() => remove.mutate(vacation, { onSuccess: onClose })}
      />
    </Stack>
  );
}

/** Editar of an event: its title, times and visibility saved as in the add dialog, and its invitations. */
function EditEvent({
  event,
  abilities,
  onDone,
}: {
  event: CalendarEvent;
  abilities: CalendarAbilities;
  onDone: () => void;
}) {
  const [saved, setSaved] = useState(event);
  const [inviting, setInviting] = useState(false);
  return (
    <Stack>
      <EventTab
        day={event.event_date}
        canCompany={abilities.createCompanyEvents}
        saved={saved}
        onSaved={setSaved}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="light" leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
          Convidar
        </Button>
        <Button variant="default" onClick={onDone}>
          Voltar
        </Button>
        <Button type="submit" form={EVENT_FORM_ID} leftSection={<IconDeviceFloppy size={16} />}>
          Salvar
        </Button>
      </Group>
      <InviteDialog event={saved} opened={inviting} onClose={() => setInviting(false)} onChanged={setSaved} />
    </Stack>
  );
}
