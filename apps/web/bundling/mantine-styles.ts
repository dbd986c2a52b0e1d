import fs from 'node:fs';
import type { Plugin } from 'vite';

const CLASSES_MODULE =
  /^(.*[\\/]node_modules[\\/]@mantine[\\/]([a-z]+)[\\/])esm[\\/](?:.*[\\/])?([A-Za-z-]+)\.module\.css\.mjs$/;

/**
 * Each Mantine component brings its own stylesheet into the chunk that uses it, instead of the
 * whole 230 kB `@mantine/core/styles.css` on the sign-in page.
 *
 * Mantine's components read their class names from `<Name>.module.css.mjs` (in a component folder,
 * or straight under `esm/` as in notifications and dropzone); @mantine/core ships the
 * matching rules as `styles/<Name>.css` (one file per such module, same name), and the other
 * packages (dates, notifications, dropzone) one `styles.css` each. This plugin adds that import to
 * every `*.module.css.mjs`, so a chunk carries the rules of exactly the components in it, in import
 * order (a component's dependencies first, as Mantine requires). main.tsx imports the global part
 * (baseline, CSS variables, global classes) once.
 */
export function mantineStylesPerComponent(): Plugin {
  return {
    name: 'mantine-styles-per-component',
    enforce: 'pre',
    transform(code, id) {
      const match = CLASSES_MODULE.exec(id);
      if (!match) return null;
      const [, packageDir, pkg, name] = match;
      const file = pkg === 'core' ? `styles/${name}.css` : 'styles.css';
      // A Mantine update that renames a file must fail the build, not ship unstyled components.
      if (!fs.existsSync(`${packageDir}${file}`)) throw new Error(`no @mantine/${pkg}/${file} for ${id}`);
      return { code: `import '@mantine/${pkg}/${file}';\n${code}`, map: null };
    },
  };
}
