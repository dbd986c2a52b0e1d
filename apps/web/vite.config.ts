import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { mantineStylesPerComponent } from './bundling/mantine-styles.ts';

function packageVersion(relativePath: string): string | undefined {
  try {
    const pkg = JSON.parse(readFileSync(new URL(relativePath, import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version;
  } catch {
    return undefined;
  }
}

/** The footer's version label: VITE_APP_VERSION if set, else the root (or this) package.json version. */
const appVersion =
  process.env.VITE_APP_VERSION ??
  packageVersion('../../package.json') ??
  packageVersion('./package.json') ??
  '1.0.0';

export default defineConfig({
  // Brotli and gzip copies of every text file, made once here and sent by the server as they are
  // (@fastify/static preCompressed, apps/server/src/app.ts): no compression work per request.
  plugins: [
    react(),
    mantineStylesPerComponent(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/] }),
  ],
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion) },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: { output: { experimentalMinChunkSize: 8_000 } },
  },
});
