/**
 * End-to-end: builds the sample game with vite, serves it with vite's preview server, and plays it in
 * headless Chromium (Debian's package through playwright-core, WebGL2 on SwiftShader): frames render,
 * the level settles and rests, a click on a tower throws a ball that knocks the tower down, and a
 * screenshot is saved to test-results/sample-game.png.
 *
 * Chromium: `CHROMIUM_PATH`, else /usr/bin/chromium. A missing browser FAILS the test (CI installs
 * it with `apt-get install chromium`); it never skips.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import { chromium, type Browser, type ConsoleMessage, type JSHandle, type Page } from 'playwright-core';
import type { GameTestApi } from '../../sample-game/test-api';

const repo = resolve(import.meta.dirname, '../..');
const resultsDir = resolve(repo, 'test-results');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-quic',
];
const VIEWPORT = { width: 800, height: 500 };

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let page: Page;
let url = '';
const pageErrors: string[] = [];
const consoleErrors: string[] = [];

/** `window.__game` of the page (JSHandle.evaluate passes it as the first argument). */
let api: JSHandle<GameTestApi>;

/** Polls `fn` until it returns true; fails with `what` and the last value after `timeoutMs`. */
async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs: number, everyMs = 250): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await fn()) return;
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

let screenshotBytes = 0;

/** Saves the page to test-results/sample-game.png. */
async function saveScreenshot(): Promise<void> {
  mkdirSync(resultsDir, { recursive: true });
  const shot = await page.screenshot({ path: resolve(resultsDir, 'sample-game.png') });
  screenshotBytes = shot.length;
}

/**
 * Waits until the blocks rest: every block slower than 0.05 m/s (falling or sliding blocks move at
 * m/s) and none moved more than 5 mm over 30 steps (half a second of simulated time).
 */
async function waitForRest(timeoutMs: number): Promise<void> {
  await waitFor('blocks at rest', async () => {
    const before = await api.evaluate((g) => ({ p: g.blockPositions(), steps: g.steps }));
    await waitFor('30 steps', () => api.evaluate((g, s) => g.steps >= s + 30, before.steps), 15_000, 50);
    const after = await api.evaluate((g) => ({ p: g.blockPositions(), v: g.maxBlockSpeed() }));
    let drift = 0;
    for (let i = 0; i < after.p.length; i += 3) {
      drift = Math.max(drift, Math.hypot(after.p[i] - before.p[i], after.p[i + 1] - before.p[i + 1],
        after.p[i + 2] - before.p[i + 2]));
    }
    return after.v < 0.05 && drift < 0.005;
  }, timeoutMs);
}

describe('sample game in headless Chromium', () => {
  beforeAll(async () => {
    if (!existsSync(executablePath)) {
      throw new Error(
        `Chromium not found at ${executablePath}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
      );
    }
    const configFile = resolve(repo, 'vite.config.ts');
    await build({
      mode: 'sample', configFile, root: resolve(repo, 'sample-game'), logLevel: 'warn',
      // The "plugins took n% of the build" notice only says the machine is busy.
      build: { rolldownOptions: { checks: { bundlerTimings: false } } },
    });
    server = await preview({
      mode: 'sample', configFile, root: resolve(repo, 'sample-game'), logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address();
    if (address === null || typeof address === 'string') throw new Error(`unexpected server address ${String(address)}`);
    url = `http://127.0.0.1:${address.port}/`;

    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
    page = await browser.newPage({ viewport: VIEWPORT });
    page.on('pageerror', (e) => pageErrors.push(e.message));
    page.on('console', (m: ConsoleMessage) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
    await page.goto(url);
    await page.waitForFunction(() => window.__game !== undefined, undefined, { timeout: 20_000 });
    api = await page.evaluateHandle(() => window.__game as GameTestApi);
  }, 60_000);

  afterAll(async () => {
    if (screenshotBytes === 0 && browser !== undefined) await saveScreenshot().catch(() => undefined); // for a failure
    await browser?.close();
    await server?.close();
  });

  it('renders frames with WebGL', async () => {
    await waitFor('20 frames', () => api.evaluate((g) => g.frames > 20), 25_000);
    const gl = await api.evaluate((g) => g.webgl);
    expect(gl.version).toBeGreaterThanOrEqual(1);
    expect(gl.renderer.length).toBeGreaterThan(0);
    expect(await api.evaluate((g) => g.bodies)).toBe(1 + (await api.evaluate((g) => g.blockCount)));
    expect(await api.evaluate((g) => g.contacts)).toBeGreaterThan(0);
    // The canvas shows the scene, not a blank or black buffer: many colours, sky (blue) and ground (green).
    const pixels = await page.evaluate(() => {
      const source = document.getElementById('game-canvas');
      const small = document.createElement('canvas');
      small.width = 64;
      small.height = 40;
      const ctx = small.getContext('2d');
      if (!(source instanceof HTMLCanvasElement) || ctx === null) throw new Error('no canvas');
      ctx.drawImage(source, 0, 0, small.width, small.height);
      const d = ctx.getImageData(0, 0, small.width, small.height).data;
      const colours = new Set<number>();
      let green = 0, blue = 0;
      for (let i = 0; i < d.length; i += 4) {
        colours.add(((d[i] >> 3) << 10) | ((d[i + 1] >> 3) << 5) | (d[i + 2] >> 3));
        if (d[i + 1] > d[i] + 8 && d[i + 1] > d[i + 2] + 8) green++;
        if (d[i + 2] > d[i] + 30 && d[i + 2] > d[i + 1] + 10) blue++;
      }
      const n = d.length / 4;
      return { colours: colours.size, green: green / n, blue: blue / n };
    });
    expect(pixels.colours).toBeGreaterThan(40);
    expect(pixels.green).toBeGreaterThan(0.2);
    expect(pixels.blue).toBeGreaterThan(0.05);
    expect(pageErrors).toEqual([]);
  }, 30_000);

  it('the level settles and comes to rest: blocks slow, nothing drifts, towers stand', async () => {
    await waitForRest(20_000);
    const blocks = await api.evaluate((g) => g.blockCount);
    expect(await api.evaluate((g) => g.restingCount(0.02))).toBe(blocks);
    expect(await api.evaluate((g) => g.blocksMoved(0.02))).toBe(0);
    expect(await api.evaluate((g) => g.score)).toBe(0);
    const structures = await api.evaluate((g) => g.structures());
    for (let s = 0; s < structures.length; s++) {
      const top = await api.evaluate((g, i) => g.towerTopY(i), s);
      const h = await api.evaluate((g, i) => g.topBlockHeight(i), s);
      expect(top, structures[s].name).toBeGreaterThan(structures[s].height - h / 2 - 0.05);
    }
  }, 30_000);

  it('a click on a tower throws a ball that knocks the tower down', async () => {
    const topBefore = await api.evaluate((g) => g.towerTopY(0));
    const blockHeight = await api.evaluate((g) => g.topBlockHeight(0));
    const target = await api.evaluate((g) => g.structureScreenPoint(0, 0.75));
    expect(target.x).toBeGreaterThan(0);
    expect(target.x).toBeLessThan(VIEWPORT.width);
    expect(target.y).toBeGreaterThan(0);
    expect(target.y).toBeLessThan(VIEWPORT.height);

    await page.mouse.click(target.x, target.y);
    await waitFor('a ball in flight', () => api.evaluate((g) => g.ballsThrown === 1 && g.liveBalls().length === 1), 5_000, 50);
    // Bodies move: the ball flies at the throw speed, then blocks are hit.
    await waitFor('something moving fast', () => api.evaluate((g) => g.maxBodySpeed() > 5), 5_000, 50);

    await waitFor('the red tower falls', async () => {
      const top = await api.evaluate((g) => g.towerTopY(0));
      const moved = await api.evaluate((g) => g.blocksMoved(0.5));
      return topBefore - top > blockHeight || moved >= 5;
    }, 20_000);
    await saveScreenshot(); // mid-collapse: the most telling picture
    expect(await api.evaluate((g) => g.score)).toBeGreaterThan(0);
    expect(await api.evaluate((g) => g.bodies)).toBe(2 + (await api.evaluate((g) => g.blockCount)));
  }, 40_000);

  it('the debris comes to rest again', async () => {
    await waitForRest(40_000);
    const positions = await api.evaluate((g) => g.blockPositions());
    expect(positions.every(Number.isFinite)).toBe(true);
    // Nothing fell through the ground: every block centre is above it (the thinnest half height is 0.15 m).
    for (let i = 1; i < positions.length; i += 3) expect(positions[i]).toBeGreaterThan(0.1);
  }, 45_000);

  it('the reset button puts the level back and removes the balls', async () => {
    await page.click('#reset-button');
    await waitFor('reset', () => api.evaluate((g) => g.score === 0 && g.liveBalls().length === 0), 5_000, 50);
    expect(await api.evaluate((g) => g.blocksMoved(0.05))).toBe(0);
    expect(await page.textContent('#score')).toBe('0');
    const steps = await api.evaluate((g) => g.steps);
    await waitFor('10 more steps', () => api.evaluate((g, s) => g.steps >= s + 10, steps), 10_000, 50);
    expect(await api.evaluate((g) => g.blocksMoved(0.05))).toBe(0);
  }, 20_000);

  it('saved a screenshot and raised no page errors', () => {
    expect(screenshotBytes).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((m) => !m.includes('favicon'))).toEqual([]);
  });
});
