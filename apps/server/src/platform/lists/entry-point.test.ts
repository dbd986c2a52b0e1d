import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const LISTS = import.meta.dirname;
const ROOTS = [path.resolve(LISTS, '../../..'), path.resolve(LISTS, '../../../../../bench')];

/** A file's imports of platform/lists other than its entry point, as written. */
function innerImports(source: string): string[] {
  return [...source.matchAll(/from\s+'([^']*\/lists\/(?!index\.ts')[^']*)'/g)].map((m) => m[1] ?? '');
}

const outside = ROOTS.flatMap((root) =>
  fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.includes('node_modules'))
    .map((f) => path.join(root, f))
    .filter((f) => !f.startsWith(`${LISTS}${path.sep}`)),
);

describe('platform/lists', () => {
  it('is imported only through its index.ts', () => {
    const broken = outside.flatMap((file) =>
      innerImports(fs.readFileSync(file, 'utf8')).map((i) => `${path.relative(LISTS, file)}: ${i}`),
    );
    expect(outside.length).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('catches an import of an inner file', () => {
    expect(innerImports("import { walkedPage } from '../../platform/lists/walk.ts';")).toEqual([
      '../../platform/lists/walk.ts',
    ]);
    expect(innerImports("import { pagedQuery } from '../../platform/lists/index.ts';")).toEqual([]);
  });
});
