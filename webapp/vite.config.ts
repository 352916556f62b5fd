import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  publicDir: path.join(here, 'public'),
  build: {
    outDir: path.join(here, '..', 'dist', 'webapp'),
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/dev': 'http://127.0.0.1:3000' } },
});
