import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  generatePerformanceDoc,
  type HistoryLine,
  newestRuns,
  PERFORMANCE_DOC,
  renderPerformanceDoc,
} from '../../../../bench/write-performance-doc.ts';

it('docs/performance.md is what bench/history.jsonl and bench/goals.ts make of it (run npm run docs:perf)', () => {
  const expected = generatePerformanceDoc();
  const actual = fs.existsSync(PERFORMANCE_DOC) ? fs.readFileSync(PERFORMANCE_DOC, 'utf8') : '';
  expect(actual).toBe(expected);
  expect(expected.split('\n').length).toBeLessThanOrEqual(300);
});

describe('renderPerformanceDoc', () => {
  const measured = (at: string, p99: number): HistoryLine => ({
    at,
    bench: 'tickets',
    commit: 'abc1234',
    load1: 1.5,
    rows: [
      { db: 'sqlite', endpoint: 'open calls', rps: 5000, p99, errors: 0, vsBare: 0.1, otherCpu: 0 },
      { db: 'postgres', endpoint: 'open calls', rps: 2000, p99: 300, errors: 2, vsBare: 0.04, otherCpu: 80 },
    ],
  });

  it('shows the newest run of a bench, its goal and whether each database meets it', () => {
    const history = [measured('2026-11-27T10:00:00.000Z', 90), measured('2026-11-26T10:00:00.000Z', 500)];
    expect(newestRuns(history).get('tickets')?.at).toBe('2026-11-27T10:00:00.000Z');
    const doc = renderPerformanceDoc(history);
    expect(doc).toContain(
      '| open calls | 5,000 | 90 | 2,000 | 300 (2 err.) | p99 ≤ 100 ms; ≤ 1.5× | SQLite yes, PostgreSQL no, 3.3× no |',
    );
    expect(doc).not.toContain('| 500 |');
  });

  it('renders rows of another shape as a table of their fields, budgets judged on wireKb', () => {
    const web: HistoryLine = {
      at: '2026-11-28T10:00:00.000Z',
      bench: 'web',
      rows: [
        { viewport: 'phone', visit: 'login page, cold cache', requests: 4, wireKb: 142.8 },
        { viewport: 'phone', visit: 'login → home after sign-in, cold cache', requests: 58, wireKb: 312 },
        { screen: '/chamados', contentMs: 2100, runsMs: [2000, 2100, 2300] },
      ],
    };
    const doc = renderPerformanceDoc([web]);
    expect(doc).toContain(
      '| viewport | visit | requests | wireKb | screen | contentMs | runsMs | goal | met |',
    );
    expect(doc).toContain(
      '| phone | login page, cold cache | 4 | 142.8 |  |  |  | ≤ 150 kB over the wire | yes |',
    );
    expect(doc).toContain('| 58 | 312 |  |  |  | ≤ 300 kB over the wire | no |');
    expect(doc).toContain('|  |  |  |  | /chamados | 2,100 | 3 items | – |  |');
    // Rows that no goal of goals.ts matches are shown as they are, their own `goal` field included.
    const own = renderPerformanceDoc([
      { at: '2026-11-28T11:00:00.000Z', bench: 'web', rows: [{ screen: '/', content: 900, goal: 2500 }] },
    ]);
    expect(own).toContain('| screen | content | goal |\n| --- | --- | --- |\n| / | 900 | 2,500 |');
  });
});
