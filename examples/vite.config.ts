import { defineConfig } from 'vite';
import { resolve } from 'node:path';

// The examples import the package by its name, as an app does. Inside this repository the names
// resolve to the sources; in an app they resolve to node_modules/babylon-ecs-physics/dist.
const repo = resolve(import.meta.dirname, '..');

export default defineConfig({
  root: import.meta.dirname,
  base: './',
  resolve: {
    alias: [
      { find: /^babylon-ecs-physics\/accurate$/, replacement: resolve(repo, 'plugin/accurate.ts') },
      { find: /^babylon-ecs-physics\/babylon$/, replacement: resolve(repo, 'plugin/babylon/index.ts') },
      { find: /^babylon-ecs-physics$/, replacement: resolve(repo, 'plugin/index.ts') },
    ],
  },
  server: { host: '127.0.0.1' },
  build: {
    outDir: resolve(repo, 'dist-examples'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    rolldownOptions: {
      input: {
        'babylon-scene': resolve(import.meta.dirname, 'babylon-scene/index.html'),
        'accurate-comparison': resolve(import.meta.dirname, 'accurate-comparison/index.html'),
      },
      checks: { bundlerTimings: false },
    },
  },
});
