import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../src/modules');

/**
 * What a route file may not do: a route parses its input with the call's descriptor and calls one
 * service function; the service loads, authorises, changes and answers.
 */
const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'imports a queries file', pattern: /^\s*(?:import|export)\b[^;]*?from\s+'[^']*\.queries\.ts'/m },
  { name: 'imports the database', pattern: /^\s*(?:import|export)\b[^;]*?from\s+'[^']*\/db\/[^']*'/m },
  { name: 'imports kysely', pattern: /^\s*import\b[^;]*?from\s+'kysely'/m },
  { name: 'calls authorize', pattern: /\bauthorize\w*\s*(?:\?\.)?\(/ },
  { name: 'checks upload fields by hand (beforeFile)', pattern: /\bbeforeFile\b/ },
];

/** The rules a route file's source breaks. */
function layerViolations(source: string): string[] {
  return RULES.filter((r) => r.pattern.test(source)).map((r) => r.name);
}

const routeFiles = fs
  .readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.routes.ts'))
  .sort();

describe('route files', () => {
  it('are found in every module', () => {
    expect(routeFiles.length).toBeGreaterThanOrEqual(11);
  });

  it('neither query the database nor authorise: their service does', () => {
    const broken = routeFiles.flatMap((file) =>
      layerViolations(fs.readFileSync(path.join(MODULES, file), 'utf8')).map((v) => `${file}: ${v}`),
    );
    expect(broken).toEqual([]);
  });

  it('are caught when they break a rule', () => {
    expect(layerViolations("import * as q from './fines.queries.ts';")).toEqual(['imports a queries file']);
    expect(layerViolations("import { nowIso } from '../../db/database.ts';")).toEqual([
      'imports the database',
    ]);
    expect(layerViolations('service.authorizeFines(currentUser(request));')).toEqual(['calls authorize']);
    expect(layerViolations('beforeFile: (f) => check(f.ticket),')).toEqual([
      'checks upload fields by hand (beforeFile)',
    ]);
    expect(layerViolations("import * as service from './fines.service.ts';")).toEqual([]);
  });
});
