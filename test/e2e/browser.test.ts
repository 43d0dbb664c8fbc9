/**
 * The e2e browser resolution (`./browser.ts`): the search order, the errors that make an e2e test fail
 * instead of skipping, and the bundled headless Chromium (`@sparticuz/chromium`) starting with WebGL 2
 * as it does on a machine without a system browser (searched with `CHROMIUM_PATH` unset and an empty
 * `PATH`).
 */

import { afterAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findSystemChromium, launchChromium, resolveChromium } from './browser';

const scratch = mkdtempSync(join(tmpdir(), 'e2e-browser-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('e2e browser resolution', () => {
  it('finds a system Chromium on PATH only, by its usual names', () => {
    const dir = join(scratch, 'bin');
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(join(scratch, 'placeholder'), '');
    expect(findSystemChromium('')).toBeUndefined();
    expect(findSystemChromium(scratch)).toBeUndefined();
    const fake = join(scratch, 'chromium-browser');
    writeFileSync(fake, '#!/bin/sh\nexit 1\n');
    expect(findSystemChromium(scratch)).toBeUndefined(); // not executable yet
    chmodSync(fake, 0o755);
    expect(findSystemChromium(`/nonexistent:${scratch}`)).toBe(fake);
  });

  it('CHROMIUM_PATH wins, and a wrong CHROMIUM_PATH is an error (not a reason to look elsewhere)', async () => {
    const fake = join(scratch, 'my-chrome');
    writeFileSync(fake, '#!/bin/sh\nexit 1\n');
    chmodSync(fake, 0o755);
    await expect(resolveChromium({ CHROMIUM_PATH: fake, PATH: '/usr/bin' })).resolves.toMatchObject({
      executablePath: fake, source: 'CHROMIUM_PATH',
    });
    await expect(resolveChromium({ CHROMIUM_PATH: join(scratch, 'missing'), PATH: '/usr/bin' }))
      .rejects.toThrow(/CHROMIUM_PATH=.*missing is not an executable file/);
  });

  it('a browser that does not start fails the launch, naming it', async () => {
    const fake = join(scratch, 'broken-chrome');
    writeFileSync(fake, '#!/bin/sh\necho "cannot start" >&2\nexit 3\n');
    chmodSync(fake, 0o755);
    await expect(launchChromium({ searchEnv: { CHROMIUM_PATH: fake } }))
      .rejects.toThrow(/Chromium \(CHROMIUM_PATH: .*broken-chrome\) did not start/);
  });

  it('with no CHROMIUM_PATH and nothing on PATH, the bundled Chromium starts and renders WebGL 2', async () => {
    const found = await resolveChromium({ PATH: '' });
    expect(found.source).toBe('bundled');
    const browser = await launchChromium({ searchEnv: { PATH: '' } });
    try {
      const page = await browser.newPage();
      const gl = await page.evaluate(() => {
        const canvas = document.createElement('canvas');
        const ctx = canvas.getContext('webgl2');
        if (ctx === null) return null;
        ctx.clearColor(0, 1, 0, 1);
        ctx.clear(ctx.COLOR_BUFFER_BIT);
        const px = new Uint8Array(4);
        ctx.readPixels(0, 0, 1, 1, ctx.RGBA, ctx.UNSIGNED_BYTE, px);
        return { version: String(ctx.getParameter(ctx.VERSION)), pixel: [...px] };
      });
      expect(gl?.version).toMatch(/^WebGL 2\.0/);
      expect(gl?.pixel).toEqual([0, 255, 0, 255]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
