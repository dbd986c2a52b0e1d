/**
 * A function making one row object of a row's values in select-list order, for the statement
 * cache's raw statements (statement-cache.ts): an object literal with the names as its keys, so
 * every row of a statement has one shape (fast to read, copy and write as JSON), made in a few
 * nanoseconds. The keys are JSON string literals; a repeated name keeps its first place and its
 * last value, as better-sqlite3's own row objects do. Builders are kept per list of names (the
 * select lists of the code: a bounded number).
 */
export function rowBuilder(names: readonly string[]): (values: unknown[]) => unknown {
  const key = names.join('\u0000');
  let build = builders.get(key);
  if (!build) {
    if (builders.size >= MAX_BUILDERS) builders.clear();
    // `__proto__` as a plain key would set the prototype: written as a computed key, it is a property.
    const entries = names.map((name, i) => {
      const literal = JSON.stringify(name);
      return `${name === '__proto__' ? `[${literal}]` : literal}: v[${i}]`;
    });
    build = new Function('v', `return { ${entries.join(', ')} };`) as (values: unknown[]) => unknown;
    builders.set(key, build);
  }
  return build;
}

const MAX_BUILDERS = 2000;
const builders = new Map<string, (values: unknown[]) => unknown>();
