/**
 * The examples run: both are built by vite in one build (`examples/vite.config.ts`), served by vite's
 * preview server and opened in headless Chromium (`./browser.ts`).
 *
 * - `examples/babylon-scene/` is the README's Babylon example, checked to be the same code: the canvas
 *   shows the ground and the crate (not only the clear colour: without the StandardMaterial side-effect
 *   import the meshes do not draw), and the page raises no error.
 * - `examples/accurate-comparison/`: the accurate solver's Newton's cradle ends at (0, 0, 0, 0, 1) m/s,
 *   the fast solver's spreads the momentum (a different row).
 * Screenshots: test-results/example-*.png.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';

const repo = resolve(import.meta.dirname, '../..');
const resultsDir = resolve(repo, 'test-results');
const configFile = resolve(repo, 'examples/vite.config.ts');

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let base = '';

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  if (browser === undefined) throw new Error('no browser');
  const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(base + path);
  return { page, errors };
}

describe('examples in headless Chromium', () => {
  beforeAll(async () => {
    browser = await launchChromium(); // first: no browser fails at once
    await build({ configFile, logLevel: 'warn' });
    server = await preview({ configFile, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false } });
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error(`unexpected server address ${String(address)}`);
    base = `http://127.0.0.1:${address.port}/`;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("the README's Babylon example is examples/babylon-scene/main.ts, line for line", () => {
    const readme = readFileSync(resolve(repo, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Using it in a Babylon scene'));
    const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    expect(block).toBeDefined();
    expect(block).toBe(readFileSync(resolve(repo, 'examples/babylon-scene/main.ts'), 'utf8'));
  });

  it('the Babylon example draws the ground and the crate', async () => {
    const { page, errors } = await open('babylon-scene/index.html');
    // Wait for frames, then read the canvas back: most pixels differ from the clear colour.
    await page.waitForTimeout(1500);
    const lit = await page.evaluate(async () => {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const source = document.getElementById('canvas') as HTMLCanvasElement;
      const small = document.createElement('canvas');
      small.width = 64;
      small.height = 40;
      const ctx = small.getContext('2d');
      if (ctx === null) throw new Error('no 2d context');
      ctx.drawImage(source, 0, 0, small.width, small.height);
      const d = ctx.getImageData(0, 0, small.width, small.height).data;
      // Babylon's default clear colour is (0.2, 0.2, 0.3): (51, 51, 77).
      let drawn = 0;
      for (let i = 0; i < d.length; i += 4) {
        if (Math.abs(d[i] - 51) + Math.abs(d[i + 1] - 51) + Math.abs(d[i + 2] - 77) > 24) drawn++;
      }
      return drawn / (d.length / 4);
    });
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: resolve(resultsDir, 'example-babylon-scene.png') });
    expect(lit).toBeGreaterThan(0.2);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it("the accurate-mode comparison: the accurate cradle ends at (0, 0, 0, 0, 1) m/s, the fast one does not", async () => {
    const { page, errors } = await open('accurate-comparison/index.html');
    const exact = '0.00  0.00  0.00  0.00  1.00';
    await page.waitForFunction((want) => document.getElementById('accurate-speeds')?.textContent === want, exact, { timeout: 60_000 });
    const fast = await page.textContent('#fast-speeds');
    expect(fast).not.toBe(exact);
    expect(fast?.split('  ').map(Number).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 1); // momentum kept
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: resolve(resultsDir, 'example-accurate-comparison.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 90_000);
});
