import { canSeeEvent, canSeeVacation } from '@intranet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness.ts';
import {
  type Caller,
  describeUser,
  insertCalendar,
  insertUsers,
  type PopulationUser,
  problemsOfEach,
  scopeDifference,
  signInAll,
} from '../../../test/population.ts';
import { seededRandom } from '../../../test/seeded-random.ts';

/** A month grid far from the demo's dates (which follow today). */
const FROM = '2031-02-23';
const TO = '2031-04-05';

describe(`calendar lists against calendar.policy on a generated population (${TEST_DIALECT})`, () => {
  let t: TestApp;
  let viewers: PopulationUser[];
  let callers: Map<number, Caller>;

  beforeAll(async () => {
    t = await buildTestApp();
    const r = seededRandom(2026_11_23);
    const users = await insertUsers(t.db, r);
    // Some rows start before the range and end inside it, or after it.
    await insertCalendar(t.db, r, users, '2031-02-15', 60, 120);
    callers = await signInAll(t.app, t.db, users);
    viewers = users.filter((u) => u.active === 1);
  }, 120_000);
  afterAll(() => t.close());

  it('GET /api/event: exactly the events of the range canSeeEvent allows, for every user', async () => {
    const rows = await t.db
      .selectFrom('calendar_events')
      .select(['id', 'created_by', 'company'])
      .where('event_date', '>=', FROM)
      .where('event_date', '<=', TO)
      .execute();
    const invitations = await t.db
      .selectFrom('calendar_event_invitees')
      .select(['event_id', 'user_id'])
      .execute();
    const events = rows.map((e) => ({
      id: e.id,
      createdBy: e.created_by,
      company: e.company === 1,
      invitees: invitations.filter((i) => i.event_id === e.id).map((i) => i.user_id),
    }));
    // Every clause of the rule shows something to someone.
    expect(events.some((e) => e.company)).toBe(true);
    expect(events.some((e) => !e.company && e.invitees.length > 0)).toBe(true);

    const problems = await problemsOfEach(viewers, async (u) => {
      const res = await callers.get(u.id)!(`/api/event?from=${FROM}&to=${TO}`);
      if (res.statusCode !== 200) return [`${describeUser(u)}: ${res.statusCode}`];
      const expected = events.filter((e) => canSeeEvent(u.actor, e)).map((e) => e.id);
      return scopeDifference(
        describeUser(u),
        res.json<{ id: number }[]>().map((e) => e.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);

  it('GET /api/vacation: exactly the vacations overlapping the range canSeeVacation allows, for every user', async () => {
    const vacations = (
      await t.db
        .selectFrom('calendar_vacations')
        .select(['id', 'user_id', 'user_sector'])
        .where('date_start', '<=', TO)
        .where('date_end', '>=', FROM)
        .execute()
    ).map((v) => ({ id: v.id, userId: v.user_id, sector: v.user_sector }));
    const problems = await problemsOfEach(viewers, async (u) => {
      const res = await callers.get(u.id)!(`/api/vacation?from=${FROM}&to=${TO}`);
      if (res.statusCode !== 200) return [`${describeUser(u)}: ${res.statusCode}`];
      const expected = vacations.filter((v) => canSeeVacation(u.actor, v)).map((v) => v.id);
      return scopeDifference(
        describeUser(u),
        res.json<{ id: number }[]>().map((v) => v.id),
        expected,
      );
    });
    expect(problems).toEqual([]);
  }, 180_000);
});
