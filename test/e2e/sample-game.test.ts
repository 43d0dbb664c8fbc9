/**
 * End-to-end: builds the sample game with vite, serves it with vite's preview server, and plays it in
 * headless Chromium (Debian's package through playwright-core, WebGL2 on SwiftShader): frames render,
 * the level settles and rests (and the props on the hill), a click on a tower throws a ball that knocks the tower down, and a
 * screenshot is saved to test-results/sample-game.png. Then the solver toggle: accurate mode (LCP +
 * PLUS) keeps rendering and stepping with the level standing, and the overlay shows the solver's
 * sub-stages (test-results/sample-game-accurate.png); fast mode and the friction-law toggle come back.
 * Then the friction lab: its Coulomb and max-dissipation worlds step side by side, the rods end apart
 * and the control spheres agree (test-results/friction-lab.png). Last, the joints: key W swings the
 * wrecking ball into the red tower with its chain held together, and the drawbridge button lowers the
 * drawbridge and raises it again (test-results/sample-game-joints.png). Then the HUD on a narrow
 * screen: at 420 × 800 the panels fold to a line each (test-results/sample-game-narrow.png) and open
 * on demand (sample-game-narrow-open.png). Finally the Engine switch: the same game code on Babylon's
 * Havok plugin (test-results/sample-game-havok.png). Waits for physics are bounded in simulated steps.
 *
 * Chromium: `CHROMIUM_PATH`, else a system Chromium on `PATH`, else the headless Chromium of the
 * `@sparticuz/chromium` devDependency (`./browser.ts`). A browser that cannot start FAILS the test; it
 * never skips.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { Browser, ConsoleMessage, JSHandle, Page } from 'playwright-core';
import { launchChromium } from './browser';
import type { GameTestApi } from '../../sample-game/test-api';

const repo = resolve(import.meta.dirname, '../..');
const resultsDir = resolve(repo, 'test-results');
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

/**
 * Polls `fn` until it returns true, counting the game's simulated steps: fails with `what` once the
 * game has taken `maxSteps` fixed steps (1/60 s each) without it, or after `wallMs` of wall time (a
 * game that stopped stepping). On a busy machine the frame rate, not the physics, sets how much
 * wall time a swing takes, so the bound is in simulated time.
 */
async function waitForSteps(what: string, fn: () => Promise<boolean>, maxSteps: number, wallMs = 90_000): Promise<void> {
  const start = await api.evaluate((g) => g.steps);
  const until = Date.now() + wallMs;
  for (;;) {
    const steps = await api.evaluate((g) => g.steps);
    if (await fn()) return;
    if (steps - start > maxSteps) throw new Error(`not within ${maxSteps} steps (${steps - start} taken): ${what}`);
    if (Date.now() > until) throw new Error(`timed out after ${wallMs} ms (${steps - start} steps taken) waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
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
 * m/s) and none moved more than 5 mm over 30 steps (half a second of simulated time). Fails when they
 * do not within `maxSteps` steps of simulated time (the frame rate of a busy machine sets the wall
 * time), or after `wallMs`.
 */
async function waitForRest(maxSteps: number, wallMs = 150_000): Promise<void> {
  await waitForSteps('blocks at rest', async () => {
    const before = await api.evaluate((g) => ({ p: g.blockPositions(), steps: g.steps }));
    await waitFor('30 steps', () => api.evaluate((g, s) => g.steps >= s + 30, before.steps), 15_000, 50);
    const after = await api.evaluate((g) => ({ p: g.blockPositions(), v: g.maxBlockSpeed() }));
    let drift = 0;
    for (let i = 0; i < after.p.length; i += 3) {
      drift = Math.max(drift, Math.hypot(after.p[i] - before.p[i], after.p[i + 1] - before.p[i + 1],
        after.p[i + 2] - before.p[i + 2]));
    }
    return after.v < 0.05 && drift < 0.005;
  }, maxSteps, wallMs);
}

describe('sample game in headless Chromium', () => {
  beforeAll(async () => {
    // First, so that a machine without a browser fails at once (never skips).
    browser = await launchChromium();
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
    // the first frames compile every shader: a minute of wall time under a loaded machine
    await waitFor('20 frames', () => api.evaluate((g) => g.frames > 20), 70_000);
    const gl = await api.evaluate((g) => g.webgl);
    expect(gl.version).toBeGreaterThanOrEqual(1);
    expect(gl.renderer.length).toBeGreaterThan(0);
    expect(await api.evaluate((g) => g.bodies)).toBe(await api.evaluate((g) => 1 + g.blockCount + g.toyBodyCount + g.propBodyCount));
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
    // The overlay times the frame: interval and render call (besides the physics bars).
    await waitFor('frame and render times painted', async () => Number(await page.textContent('#stat-frame')) > 0, 5_000, 100);
    expect(Number(await page.textContent('#stat-render'))).toBeGreaterThanOrEqual(0);
    expect(await page.textContent('.bar-row:last-child .bar-label')).toBe('physics');
    expect(pixels.colours).toBeGreaterThan(40);
    expect(pixels.green).toBeGreaterThan(0.2);
    expect(pixels.blue).toBeGreaterThan(0.05);
    expect(pageErrors).toEqual([]);
  }, 90_000);

  it('the level settles and comes to rest: blocks slow, nothing drifts, towers stand', async () => {
    await waitForRest(1200); // 20 s of simulated time
    const blocks = await api.evaluate((g) => g.blockCount);
    expect(await api.evaluate((g) => g.restingCount(0.02))).toBe(blocks);
    expect(await api.evaluate((g) => g.blocksMoved(0.02))).toBe(0);
    expect(await api.evaluate((g) => g.score)).toBe(0);
    // the props (barrels, rocks, the table) rest on the hill and the ground, none sunk into them (the
    // flattest rock's centre rests 0.09 m up)
    expect(await api.evaluate((g) => g.maxPropSpeed())).toBeLessThan(0.05);
    const props = await api.evaluate((g) => g.propPositions());
    for (let i = 1; i < props.length; i += 3) expect(props[i]).toBeGreaterThan(0.05);
    const structures = await api.evaluate((g) => g.structures());
    for (let s = 0; s < structures.length; s++) {
      const top = await api.evaluate((g, i) => g.towerTopY(i), s);
      const h = await api.evaluate((g, i) => g.topBlockHeight(i), s);
      expect(top, structures[s].name).toBeGreaterThan(structures[s].height - h / 2 - 0.05);
    }
  }, 180_000);

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
    expect(await api.evaluate((g) => g.bodies)).toBe(await api.evaluate((g) => 2 + g.blockCount + g.toyBodyCount + g.propBodyCount));
  }, 40_000);

  it('the debris comes to rest again', async () => {
    await waitForRest(2400); // 40 s of simulated time
    const positions = await api.evaluate((g) => g.blockPositions());
    expect(positions.every(Number.isFinite)).toBe(true);
    // Nothing fell through the ground: every block centre is above it (the thinnest half height is 0.15 m).
    for (let i = 1; i < positions.length; i += 3) expect(positions[i]).toBeGreaterThan(0.1);
  }, 180_000);

  it('the reset button puts the level back and removes the balls', async () => {
    await page.click('#reset-button');
    await waitFor('reset', () => api.evaluate((g) => g.score === 0 && g.liveBalls().length === 0), 5_000, 50);
    expect(await api.evaluate((g) => g.blocksMoved(0.05))).toBe(0);
    expect(await page.textContent('#score')).toBe('0');
    const steps = await api.evaluate((g) => g.steps);
    await waitFor('10 more steps', () => api.evaluate((g, s) => g.steps >= s + 10, steps), 10_000, 50);
    expect(await api.evaluate((g) => g.blocksMoved(0.05))).toBe(0);
  }, 20_000);

  it('accurate mode keeps rendering and stepping, the level stands, the overlay shows the sub-stages', async () => {
    // Reset and switch in one task (no frame in between), so the accurate solver starts from the built
    // level and, taking one step per frame, runs the same step sequence every time. From some other
    // states near rest it can take minutes for a single step (measured in Node; see game.ts).
    await page.evaluate(() => {
      document.getElementById('reset-button')?.click();
      document.getElementById('solver-accurate')?.click();
    });
    const before = await api.evaluate((g) => ({ frames: g.frames, steps: g.steps, tops: g.structures().map((_, i) => g.towerTopY(i)) }));
    expect(await api.evaluate((g) => [g.solverMode, g.solverKind])).toEqual(['accurate', 'lcp']);
    expect(await page.textContent('#mode-text')).toContain('accurate');
    expect(await page.isVisible('#mode-warning')).toBe(true);
    expect(await page.textContent('#mode-warning')).toContain('slow on big piles');
    expect(await page.isDisabled('#friction-mdp')).toBe(true);
    expect(await page.isVisible('#friction-note')).toBe(true);

    // The accurate solver takes ~0.1 s per step here (one step per frame): a few seconds of wall time.
    await waitFor('10 accurate steps', () => api.evaluate((g, s) => g.steps >= s + 10, before.steps), 25_000, 100);
    const after = await api.evaluate((g) => ({
      frames: g.frames, steps: g.steps, detail: g.solverDetail(), positions: g.blockPositions(), low: g.lowestBlockBottom(),
      speed: g.maxBlockSpeed(), score: g.score, tops: g.structures().map((_, i) => g.towerTopY(i)),
      chainGap: g.chainGap(), bridge: g.drawbridgeAngle, ball: g.wreckingBallSpeed(),
    }));
    expect(after.frames - before.frames).toBeGreaterThanOrEqual(9); // rendering goes on: one step per frame
    expect(after.detail.islands).toBeGreaterThan(0);
    for (const key of ['impactMs', 'lcpBuildMs', 'lemkeMs', 'lemkePivots', 'impactRounds', 'impactIntervals']) {
      expect(after.detail[key], key).toBeGreaterThanOrEqual(0);
    }
    // Nothing explodes: every block finite, none in the ground by more than 1 mm (the LCP keeps the
    // resting penetration under 0.1 mm), nothing flying, nothing knocked down.
    expect(after.positions.every(Number.isFinite)).toBe(true);
    expect(after.low).toBeGreaterThan(-0.001);
    expect(after.speed).toBeLessThan(0.1);
    expect(after.score).toBe(0);
    after.tops.forEach((top, i) => expect(Math.abs(top - before.tops[i]), `structure ${i}`).toBeLessThan(0.02));
    // The joints carried over the switch: the chain hangs together and still, the drawbridge stands.
    expect(after.chainGap).toBeLessThan(0.001);
    expect(after.ball).toBeLessThan(0.01);
    expect(Math.abs(after.bridge)).toBeLessThan(0.02);

    // The overlay: the three sub-stage bars under "solve" and the counters, with numbers.
    for (const key of ['impactMs', 'lcpBuildMs', 'lemkeMs']) {
      expect(await page.isVisible(`.bar-row[data-detail="${key}"]`), key).toBe(true);
    }
    expect(await page.textContent('.bar-row[data-detail="lemkeMs"]')).toContain('Lemke');
    expect(await page.isVisible('#solver-counters')).toBe(true);
    await waitFor('the islands counter painted', async () => Number(await page.textContent('dd[data-counter="islands"]')) > 0, 5_000, 100);
    for (const key of ['lemkePivots', 'impactRounds', 'impactIntervals', 'lcpSize', 'fallbacks']) {
      expect(Number(await page.textContent(`dd[data-counter="${key}"]`)), key).toBeGreaterThanOrEqual(0);
    }
    // ... and one sentence a player can read: how many groups of touching bodies were solved exactly.
    expect(await page.textContent('#solver-summary')).toMatch(/touching groups? solved exactly/);
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: resolve(resultsDir, 'sample-game-accurate.png') });
  }, 45_000);

  it('back to fast mode, and the friction toggle switches the fast solver between Coulomb and max-dissipation', async () => {
    await page.click('#solver-fast');
    expect(await api.evaluate((g) => [g.solverMode, g.solverKind, g.solverFriction])).toEqual(['fast', 'pgs', 'coulomb']);
    expect(await page.isVisible('#mode-warning')).toBe(false);
    expect(await page.isVisible('.bar-row[data-detail="lemkeMs"]')).toBe(false);
    expect(await page.isVisible('#solver-counters')).toBe(false);
    let steps = await api.evaluate((g) => g.steps);
    await waitFor('15 fast steps', () => api.evaluate((g, s) => g.steps >= s + 15, steps), 10_000, 50);

    await page.click('#friction-mdp');
    expect(await api.evaluate((g) => [g.solverKind, g.solverFriction, g.frictionLaw])).toEqual(['pgs', 'max-dissipation', 'max-dissipation']);
    expect(await page.textContent('#mode-text')).toContain('max-dissipation');
    expect(await page.getAttribute('#friction-mdp', 'aria-pressed')).toBe('true');
    steps = await api.evaluate((g) => g.steps);
    await waitFor('15 steps with max-dissipation', () => api.evaluate((g, s) => g.steps >= s + 15, steps), 10_000, 50);
    await page.click('#friction-coulomb');
    expect(await api.evaluate((g) => g.solverFriction)).toBe('coulomb');

    // Still standing after the round trip through both solvers and both laws; no block in the ground
    // by more than 5 mm (PGS's soft contacts sink the bottom layers by about 1 mm under the towers).
    expect(await api.evaluate((g) => g.score)).toBe(0);
    expect(await api.evaluate((g) => g.blocksMoved(0.1))).toBe(0);
    expect(await api.evaluate((g) => g.lowestBlockBottom())).toBeGreaterThan(-0.005);
  }, 30_000);

  it('the friction lab: both worlds step side by side, the rods end apart, the control spheres agree', async () => {
    await page.click('#lab-button');
    await waitFor('the lab', () => api.evaluate((g) => g.scene === 'friction-lab' && g.lab !== null && g.lab.steps > 0), 10_000, 50);
    expect(await page.isVisible('#lab-hud')).toBe(true);
    expect(await page.isVisible('#game-hud')).toBe(false);
    expect(new URL(page.url()).searchParams.get('scene')).toBe('friction-lab');
    expect(await api.evaluate((g) => g.lab?.laws)).toEqual(['coulomb', 'max-dissipation']);

    // The rods come to rest within 2 s of simulated time (120 steps; 300 in the unit test).
    await waitFor('120 lab steps', () => api.evaluate((g) => (g.lab?.steps ?? 0) >= 120), 30_000, 100);
    const lab = await api.evaluate((g) => {
      const l = g.lab;
      if (l === null) throw new Error('no lab');
      return { d: l.difference(), positions: l.positions(), frames: l.frames, n: l.bodiesPerWorld };
    });
    expect(lab.frames).toBeGreaterThan(5);
    expect(lab.positions).toHaveLength(2 * 3 * lab.n);
    expect(lab.positions.every(Number.isFinite)).toBe(true);
    for (let i = 1; i < lab.positions.length; i += 3) expect(lab.positions[i]).toBeGreaterThan(0.05);
    lab.d.rodDistance.forEach((dist, i) => {
      expect(dist > 0.1 || lab.d.rodHeading[i] > (10 * Math.PI) / 180, `rod ${i}: ${dist} m, ${lab.d.rodHeading[i]} rad`).toBe(true);
    });
    for (const x of [...lab.d.sphereDistance, ...lab.d.sphereOrientation]) expect(x).toBeLessThan(1e-9);
    // The HUD table: one row per rod and one for the spheres, with the numbers.
    await waitFor('the table painted', async () => (await page.textContent('#lab-rows'))?.includes('cm') === true, 5_000, 100);
    expect(await page.locator('#lab-rows tr').count()).toBe(lab.d.rodDistance.length + 1);
    await page.screenshot({ path: resolve(resultsDir, 'friction-lab.png') });

    // Relaunch: fresh worlds, stepping again from the start.
    await page.click('#relaunch-button');
    expect(await api.evaluate((g) => g.lab?.launches)).toBe(2);
    await waitFor('the relaunched lab steps', () => api.evaluate((g) => { const s = g.lab?.steps ?? 0; return s >= 4 && s < 100; }), 10_000, 50);

    // And back to the game, which goes on where it was.
    const steps = await api.evaluate((g) => g.steps);
    await page.click('#knockdown-button');
    expect(await api.evaluate((g) => g.scene)).toBe('knockdown');
    expect(await page.isVisible('#game-hud')).toBe(true);
    await waitFor('the game steps again', () => api.evaluate((g, s) => g.steps >= s + 8, steps), 10_000, 50);
    expect(await api.evaluate((g) => g.blocksMoved(0.1))).toBe(0);
  }, 60_000);

  it('joints: key W swings the wrecking ball into the red tower, the drawbridge button lowers and raises the bridge', async () => {
    expect(await api.evaluate((g) => [g.scene, g.solverKind])).toEqual(['knockdown', 'pgs']);
    await page.click('#reset-button');
    const start = await api.evaluate((g) => g.wreckingBallPosition());
    await page.keyboard.press('w');
    expect(await api.evaluate((g) => g.wreckingBallSpeed())).toBeGreaterThan(5); // pushed at 6 m/s
    // Out towards the middle (~4 m in 1.2 s), back into the tower (~2.4 s after the push). The bridge
    // goes down once the ball is back out of its way (the lowering bridge sweeps the ball's lane).
    let gap = 0;
    const sample = async (): Promise<{ x: number; moved: number }> => {
      const s = await api.evaluate((g) => ({ x: g.wreckingBallPosition()[0], moved: g.structureBlocksMoved(0, 0.1), gap: g.chainGap() }));
      gap = Math.max(gap, s.gap);
      return s;
    };
    await waitForSteps('the wrecking ball swung out', async () => (await sample()).x > start[0] + 3, 180);
    await waitForSteps('the wrecking ball on its way back', async () => (await sample()).x < start[0] + 2, 180);
    await page.click('#drawbridge-button');
    expect(await api.evaluate((g) => g.drawbridgeRaised)).toBe(false);
    expect(await page.getAttribute('#drawbridge-button', 'aria-pressed')).toBe('false');
    await waitForSteps('red tower blocks moved by the wrecking ball', async () => (await sample()).moved >= 1, 180);
    expect(gap).toBeLessThan(0.01);

    await waitForSteps('the drawbridge coming down', () => api.evaluate((g) => g.drawbridgeAngle > 0.5), 180);
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: resolve(resultsDir, 'sample-game-joints.png') });
    const down = await api.evaluate((g) => g.drawbridgeAngle);
    await page.keyboard.press('b');
    expect(await api.evaluate((g) => g.drawbridgeRaised)).toBe(true);
    await waitForSteps('the drawbridge rising', () => api.evaluate((g, a) => g.drawbridgeAngle < a - 0.1, down), 120);
    const positions = await api.evaluate((g) => [...g.blockPositions(), ...g.wreckingBallPosition()]);
    expect(positions.every(Number.isFinite)).toBe(true);
    expect(await api.evaluate((g) => g.chainGap())).toBeLessThan(0.01);
  }, 240_000);

  it('on a narrow screen (420 × 800) the panels fold to one line each and open on demand', async () => {
    await page.setViewportSize({ width: 420, height: 800 });
    try {
      const frames = await api.evaluate((g) => g.frames);
      await waitFor('frames at the new size', () => api.evaluate((g, f) => g.frames >= f + 3, frames), 20_000, 100);
      expect(await page.isVisible('#game-hud .fold-button')).toBe(true);
      expect(await page.isVisible('#game-hud-body')).toBe(false);
      expect(await page.isVisible('#profile-body')).toBe(false);
      expect(await page.isVisible('#score')).toBe(true);
      expect(await page.isVisible('#profile-brief')).toBe(true);
      // Folded, the two panels cover under 15 % of the screen.
      const area = async (sel: string): Promise<number> => {
        const box = await page.locator(sel).boundingBox();
        return box === null ? 0 : box.width * box.height;
      };
      const covered = (await area('#game-hud')) + (await area('#profile-panel'));
      expect(covered / (420 * 800)).toBeLessThan(0.15);
      mkdirSync(resultsDir, { recursive: true });
      await page.screenshot({ path: resolve(resultsDir, 'sample-game-narrow.png') });
      await page.click('#game-hud .fold-button');
      expect(await page.isVisible('#reset-button')).toBe(true);
      expect(await page.getAttribute('#game-hud .fold-button', 'aria-expanded')).toBe('true');
      await page.click('#profile-panel .fold-button');
      expect(await page.isVisible('#profile-bars')).toBe(true);
      await page.screenshot({ path: resolve(resultsDir, 'sample-game-narrow-open.png') });
      await page.click('#game-hud .fold-button');
      await page.click('#profile-panel .fold-button');
      expect(await page.isVisible('#reset-button')).toBe(false);
    } finally {
      await page.setViewportSize(VIEWPORT);
    }
    // Back at 800 × 500 nothing is folded: the fold buttons are gone, the controls are there.
    expect(await page.isVisible('#game-hud .fold-button')).toBe(false);
    expect(await page.isVisible('#reset-button')).toBe(true);
  }, 60_000);

  it('saved a screenshot and raised no page errors', () => {
    expect(screenshotBytes).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((m) => !m.includes('favicon'))).toEqual([]);
  });

  it('the Engine switch: the same game code runs on Babylon\'s Havok plugin; the level rests, a ball knocks the red tower, W swings the wrecking ball, the drawbridge comes down', async () => {
    expect(await api.evaluate((g) => g.engineName)).toBe('ecs');
    await page.click('#engine-havok'); // reloads the page with ?engine=havok
    await page.waitForURL(/engine=havok/, { timeout: 20_000 });
    await page.waitForFunction(() => window.__game?.engineName === 'havok', undefined, { timeout: 30_000 });
    api = await page.evaluateHandle(() => window.__game as GameTestApi);
    await waitFor('20 Havok frames', () => api.evaluate((g) => g.frames > 20), 30_000);
    expect(await page.getAttribute('#engine-havok', 'aria-pressed')).toBe('true');
    expect(await api.evaluate((g) => g.solverKind)).toBe('havok');
    expect(await api.evaluate((g) => g.bodies)).toBe(await api.evaluate((g) => 1 + g.blockCount + g.toyBodyCount + g.propBodyCount));
    await waitForRest(60_000);
    expect(await api.evaluate((g) => g.blocksMoved(0.05))).toBe(0);
    expect(await api.evaluate((g) => g.lastPhysicsMs)).toBeGreaterThanOrEqual(0);

    const target = await api.evaluate((g) => g.structureScreenPoint(0, 0.75));
    await page.mouse.click(target.x, target.y);
    await waitFor('a ball in flight on Havok', () => api.evaluate((g) => g.ballsThrown === 1 && g.liveBalls().length === 1), 5_000, 50);
    await waitFor('red tower blocks moved by the ball', () => api.evaluate((g) => g.structureBlocksMoved(0, 0.5) >= 3), 30_000, 100);
    expect(await api.evaluate((g) => g.score)).toBeGreaterThan(0);

    await page.click('#reset-button');
    await waitFor('reset on Havok', () => api.evaluate((g) => g.score === 0 && g.liveBalls().length === 0 && g.blocksMoved(0.05) === 0), 10_000, 50);
    const start = await api.evaluate((g) => g.wreckingBallPosition());
    await page.keyboard.press('w');
    await waitForSteps('the wrecking ball swung out on Havok', () => api.evaluate((g, x) => g.wreckingBallPosition()[0] > x + 3, start[0]), 180);
    expect(await api.evaluate((g) => g.chainGap())).toBeLessThan(0.02);
    await page.click('#drawbridge-button');
    await waitForSteps('the drawbridge coming down on Havok', () => api.evaluate((g) => g.drawbridgeAngle > 0.5), 300);
    mkdirSync(resultsDir, { recursive: true });
    await page.screenshot({ path: resolve(resultsDir, 'sample-game-havok.png') });
    expect(pageErrors).toEqual([]);
    expect(consoleErrors.filter((m) => !m.includes('favicon'))).toEqual([]);
  }, 240_000);
});
