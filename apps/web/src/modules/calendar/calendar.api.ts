import {
  CALENDAR_MSG,
  type CalendarEvent,
  type CalendarVacation,
  calendarCalls as calls,
  gridRange,
  MSG,
  monthOf,
  toDateOnly,
  UPCOMING_WINDOW_MONTHS,
  upcomingWindow,
  type YearMonth,
} from '@intranet/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call, type WebCallInput } from '../../api/call.ts';

export const calendarKey = ['calendar'] as const;
const eventsKey = (from: string, to: string) => [...calendarKey, 'events', from, to] as const;
const vacationsKey = (from: string, to: string) => [...calendarKey, 'vacations', from, to] as const;
const feedKey = [...calendarKey, 'feed'] as const;

/** The events and vacations of a month's grid (42 days), read for that range only. */
export function useMonth(ym: YearMonth) {
  const { from, to } = gridRange(ym);
  const events = useQuery({
    queryKey: eventsKey(from, to),
    queryFn: ({ signal }) => call(calls.listEvents, { query: { from, to } }, { signal }),
    placeholderData: keepPreviousData,
  });
  const vacations = useQuery({
    queryKey: vacationsKey(from, to),
    queryFn: ({ signal }) => call(calls.listVacations, { query: { from, to } }, { signal }),
    placeholderData: keepPreviousData,
  });
  return { events, vacations };
}

/** How far ahead the Eventos list goes: a year (the calendar reads at most a year at once). */
const UPCOMING_MAX_READS = 12 / UPCOMING_WINDOW_MONTHS;

/**
 * /eventos: the events the caller sees (calendar.policy.ts#canSeeEvent, applied by the server) from
 * today on, read three months at a time (calendar.dates.ts#upcomingWindow), up to a year ahead.
 */
export function useUpcomingEvents() {
  const today = toDateOnly(new Date());
  return useInfiniteQuery({
    queryKey: [...calendarKey, 'upcoming', today],
    queryFn: async ({ signal, pageParam }) => {
      const range = upcomingWindow(today, pageParam);
      const events = await call(calls.listEvents, { query: range }, { signal });
      return { ...range, index: pageParam, events };
    },
    initialPageParam: 0,
    getNextPageParam: (last) => (last.index + 1 < UPCOMING_MAX_READS ? last.index + 1 : undefined),
  });
}

/**
 * After a change: a POST answers the list of its month's grid, so that month is set from it and the
 * others are read again; without a list, every month of that kind is read again.
 */
function useRefreshMonths() {
  const client = useQueryClient();
  return (kind: 'events' | 'vacations', day: string, list?: unknown) => {
    const { from, to } = gridRange(monthOf(day));
    const key = kind === 'events' ? eventsKey(from, to) : vacationsKey(from, to);
    if (!list) return client.invalidateQueries({ queryKey: [...calendarKey, kind] });
    client.setQueryData(key, list);
    return client.invalidateQueries({
      queryKey: [...calendarKey, kind],
      predicate: (q) => q.queryKey[2] !== from || q.queryKey[3] !== to,
    });
  };
}

export function useCreateEvent() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.createEvent>['body']) => call(calls.createEvent, { body }),
    onSuccess: (list, body) => refresh('events', body.date, list),
    meta: { error: MSG.eventSaveError },
  });
}

export function useUpdateEvent() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebCallInput<typeof calls.updateEvent>['body'] }) =>
      call(calls.updateEvent, { params: { id }, body }),
    onSuccess: (event) => refresh('events', event.date),
    meta: { error: MSG.eventSaveError },
  });
}

export function useInvitation(eventId: number | null) {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: ({ userId, invited }: { userId: number; invited: boolean }): Promise<CalendarEvent> =>
      invited
        ? call(calls.invite, { params: { id: eventId ?? 0 }, body: { userId } })
        : call(calls.uninvite, { params: { id: eventId ?? 0, userId } }),
    onSuccess: (event) => refresh('events', event.date),
    meta: { error: MSG.eventInviteError },
  });
}

export function useDeleteEvent() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: (event: CalendarEvent) => call(calls.deleteEvent, { params: { id: event.id } }),
    onSuccess: (_reply, event) => refresh('events', event.date),
    meta: { error: CALENDAR_MSG.eventDeleteError, success: CALENDAR_MSG.eventDeleted },
  });
}

/** The dialog shows the failure's own message itself (spec §8), as when scheduling. */
export function useChangeVacation() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebCallInput<typeof calls.changeVacation>['body'] }) =>
      call(calls.changeVacation, { params: { id }, body }),
    onSuccess: (vacation) => refresh('vacations', vacation.dateStart),
    meta: { error: false, success: CALENDAR_MSG.vacationChanged },
  });
}

export function useDeleteVacation() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: (vacation: CalendarVacation) => call(calls.deleteVacation, { params: { id: vacation.id } }),
    onSuccess: (_reply, vacation) => refresh('vacations', vacation.dateStart),
    meta: { error: CALENDAR_MSG.vacationDeleteError, success: CALENDAR_MSG.vacationDeleted },
  });
}

export function usePeople(kind: 'invite' | 'vacation', search: string, enabled = true) {
  return useQuery({
    queryKey: [...calendarKey, 'people', kind, search],
    queryFn: ({ signal }) =>
      call(
        kind === 'invite' ? calls.invitablePeople : calls.vacationPeople,
        { query: { search } },
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The dialog shows the failure's own message itself (spec §8). */
export function useScheduleVacation() {
  const refresh = useRefreshMonths();
  return useMutation({
    mutationFn: (body: WebCallInput<typeof calls.scheduleVacation>['body']) =>
      call(calls.scheduleVacation, { body }),
    onSuccess: (list, body) => refresh('vacations', body.dateStart, list),
    meta: { error: false, success: MSG.vacationScheduled },
  });
}

export function useFeedStatus() {
  return useQuery({
    queryKey: feedKey,
    queryFn: ({ signal }) => call(calls.feedStatus, {}, { signal }),
  });
}

export function useCreateFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(calls.createFeed, {}),
    onSuccess: (made) => client.setQueryData(feedKey, { active: true, createdAt: made.createdAt }),
    meta: { error: MSG.calendarFeedError, success: MSG.calendarFeedCreated },
  });
}

export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(calls.revokeFeed, {}),
    onSuccess: (status) => client.setQueryData(feedKey, status),
    meta: { error: MSG.calendarFeedError, success: MSG.calendarFeedRevoked },
  });
}
