import { type CalendarAbilities, type CalendarEvent, formatDate } from '@intranet/contracts';
import { ActionIcon, Button, Group, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBeach, IconCalendarEvent, IconDeviceFloppy, IconUserPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useInvitation } from '../calendar.api.ts';
import { EVENT_FORM_ID, EventTab } from './EventTab.tsx';
import { PeopleTable } from './PeopleTable.tsx';
import { VACATION_FORM_ID, VacationTab } from './VacationTab.tsx';

interface AddDialogProps {
  day: string;
  abilities: CalendarAbilities;
  onClose: () => void;
}

type Tab = 'ferias' | 'evento';

/**
 * The add dialog of a day (spec §2): tabs Férias (the default, for who schedules vacations) and
 * Evento. The page mounts it per opening, so closing resets it.
 */
export function AddDialog({ day, abilities, onClose }: AddDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [tab, setTab] = useState<Tab>(abilities.scheduleVacations ? 'ferias' : 'evento');
  const [event, setEvent] = useState<CalendarEvent | null>(null);
  const [inviting, setInviting] = useState(false);
  const formId = tab === 'ferias' ? VACATION_FORM_ID : EVENT_FORM_ID;
  const canSave = tab === 'evento' || abilities.scheduleVacations;

  return (
    <Dialog opened onClose={onClose} title={`Adicionar em ${formatDate(day)}`} size="lg" fullScreen={phone}>
      <Group justify="flex-end" gap="xs" mb="xs">
        <Tooltip label="Salvar">
          <ActionIcon
            type="submit"
            form={formId}
            size={40}
            variant="light"
            aria-label="Salvar"
            disabled={!canSave}
          >
            <IconDeviceFloppy size={20} />
          </ActionIcon>
        </Tooltip>
        {tab === 'evento' ? (
          <Tooltip label={event ? 'Convidar' : 'Salve o evento para convidar'}>
            <ActionIcon
              size={40}
              variant="light"
              aria-label="Convidar"
              disabled={!event?.canEdit}
              onClick={() => setInviting(true)}
            >
              <IconUserPlus size={20} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        <Tooltip label="Cancelar">
          <ActionIcon size={40} variant="light" color="gray" aria-label="Cancelar" onClick={onClose}>
            <IconX size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v === 'evento' ? 'evento' : 'ferias')} keepMounted={false}>
        <Tabs.List grow mb="md">
          <Tabs.Tab value="ferias" leftSection={<IconBeach size={16} />}>
            Férias
          </Tabs.Tab>
          <Tabs.Tab value="evento" leftSection={<IconCalendarEvent size={16} />}>
            Evento
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="ferias">
          {abilities.scheduleVacations ? (
            <VacationTab day={day} onSaved={onClose} />
          ) : (
            <Text c="dimmed" size="sm">
              Férias são agendadas pelo RH, pelos gestores (para as pessoas dos seus setores) e pelos
              administradores.
            </Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="evento">
          <EventTab day={day} canCompany={abilities.createCompanyEvents} saved={event} onSaved={setEvent} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Fechar
        </Button>
        <Button type="submit" form={formId} leftSection={<IconDeviceFloppy size={18} />} disabled={!canSave}>
          Salvar
        </Button>
      </Group>
      {event ? (
        <InviteDialog
          event={event}
          opened={inviting}
          onClose={() => setInviting(false)}
          onChanged={setEvent}
        />
      ) : null}
    </Dialog>
  );
}

interface InviteDialogProps {
  event: CalendarEvent;
  opened: boolean;
  onClose: () => void;
  onChanged: (event: CalendarEvent) => void;
}

/** The invite table (Nome, Matrícula, Convidar): each click invites (e-mail) or withdraws at once. */
export function InviteDialog({ event, opened, onClose, onChanged }: InviteDialogProps) {
  const invitation = useInvitation(event.id);
  const invited = new Set(event.invitees.map((p) => p.id));
  return (
    <Dialog opened={opened} onClose={onClose} title={`Convidar para ${event.title}`} size="lg" zIndex={300}>
      <Stack>
        <PeopleTable
          kind="invite"
          actionHeader="Convidar"
          action={(p) =>
            p.id === event.createdBy ? (
              <Text size="xs" c="dimmed">
                Autor
              </Text>
            ) : (
              <Button
                size="compact-sm"
                variant={invited.has(p.id) ? 'filled' : 'light'}
                color={invited.has(p.id) ? 'teal' : undefined}
                loading={invitation.isPending && invitation.variables?.userId === p.id}
                aria-pressed={invited.has(p.id)}
                aria-label={`${invited.has(p.id) ? 'Remover convite de' : 'Convidar'} ${p.name}`}
                onClick={() =>
                  invitation.mutate({ userId: p.id, invited: !invited.has(p.id) }, { onSuccess: onChanged })
                }
              >
                {invited.has(p.id) ? 'Convidado' : 'Convidar'}
              </Button>
            )
          }
        />
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
