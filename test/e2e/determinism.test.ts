/**
 * Cross-runtime determinism: the engine bundled for the browser (vite, IIFE) runs the determinism scenes
 * (pile, ragdolls, pyramid × fast Coulomb, fast maximum-dissipation, accurate) and the deterministic
 * math grid in headless Chromium, and every hash must equal the one committed from Node
 * (`test/robustness/determinism-scenes.ts`, `test/unit/math/deterministic-math-grid.ts`): the same calls
 * give bit-identical states in Node and in the browser. Chromium from `./browser.ts` (CHROMIUM_PATH,
 * a system Chromium, or the bundled one); a browser that cannot start fails the test.
 */

import { afterAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { build } from 'vite';
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser';
import { DETERMINISM_HASHES } from '../robustness/determinism-scenes';
import { MATH_GRID_HASH } from '../unit/math/deterministic-math-grid';

const repo = resolve(import.meta.dirname, '../..');
let browser: Browser | undefined;
afterAll(async () => { await browser?.close(); });

describe('determinism in Chromium', () => {
  it('the browser gives the committed Node hashes for the math grid and every scene × mode', async () => {
    const out = await build({
      configFile: false, logLevel: 'silent', root: repo,
      build: {
        write: false, minify: false,
        lib: { entry: resolve(repo, 'test/e2e/determinism-entry.ts'), formats: ['iife'], name: '__determinism' },
      },
    });
    const result = Array.isArray(out) ? out[0] : out;
    const chunk = (result as { output: { type: string; code?: string }[] }).output.find((o) => o.type === 'chunk');
    expect(chunk?.code).toBeTruthy();
    browser = await launchChromium();
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>determinism</title>');
    await page.addScriptTag({ content: chunk!.code! });
    const got = await page.evaluate(() => (window as unknown as { __determinism: { run(): { grid: string; scenes: Record<string, string> } } }).__determinism.run());
    expect(got.grid).toBe(MATH_GRID_HASH);
    expect(got.scenes).toEqual(DETERMINISM_HASHES);
  }, 300_000);
});
