/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import { resolve } from 'node:path';

// One config for three jobs: the library build (default mode), the sample game (`--mode sample`:
// dev server, build into dist-sample/, preview) and vitest.
export default defineConfig(({ mode }) => {
  if (mode === 'sample') {
    return {
      root: 'sample-game',
      base: './',
      build: { outDir: '../dist-sample', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
      server: { host: '127.0.0.1' },
      // Havok's ES module locates its .wasm itself (the game passes the URL vite gives it)
      optimizeDeps: { exclude: ['@babylonjs/havok'] },
    };
  }
  return {
    build: {
      lib: {
        entry: {
          index: resolve(import.meta.dirname, 'plugin/index.ts'),
          babylon: resolve(import.meta.dirname, 'plugin/babylon/index.ts'),
          accurate: resolve(import.meta.dirname, 'plugin/accurate.ts'),
          'max-dissipation': resolve(import.meta.dirname, 'plugin/max-dissipation.ts'),
        },
        formats: ['es'],
      },
      sourcemap: false,
      minify: false,
      rolldownOptions: { external: [/^@babylonjs\//, 'bitecs', /^bitecs\//] },
    },
    test: {
      include: ['test/**/*.test.ts'],
      environment: 'node',
      testTimeout: 60_000,
      hookTimeout: 180_000,
    },
  };
});
