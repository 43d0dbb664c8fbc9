/**
 * The headless Chromium every e2e test uses, found the same way on every machine:
 *
 * 1. `CHROMIUM_PATH`, when set (it must point at an executable; a wrong path is an error, not a
 *    reason to look elsewhere);
 * 2. else a system Chromium on `PATH` (`chromium`, `chromium-browser`, `google-chrome-stable`,
 *    `google-chrome`; Debian's `apt-get install chromium` gives the first);
 * 3. else the headless Chromium shipped by the `@sparticuz/chromium` devDependency (Linux x64): its
 *    brotli archives are unpacked once into `node_modules/.cache/e2e-chromium/<version>/` (atomically,
 *    so parallel test files can share it). The binary needs libc, libexpat, libgcc, libnss3 and
 *    libnspr4; when the machine lacks the last two the launch is retried with the package's own copies
 *    on `LD_LIBRARY_PATH`. WebGL 2 runs on its bundled SwiftShader.
 *
 * When none of them starts, `launchChromium` throws an error that says what was tried: an e2e test
 * fails, it never skips.
 */

import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, rmSync, statSync, accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Flags for Babylon's WebGL 2 on SwiftShader in headless Chromium (no GPU, no sandbox, no network chatter). */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
  '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  '--disable-quic',
];

/** Where the browser came from (reported in test output and errors). */
export type BrowserSource = 'CHROMIUM_PATH' | 'system' | 'bundled';

export interface ResolvedChromium {
  executablePath: string;
  source: BrowserSource;
  /** Extra environment for the browser process (the bundled build's fontconfig file). */
  env: Record<string, string>;
  /** Directory of fallback shared libraries (libnss3, libnspr4) for the bundled build, if any. */
  fallbackLibDir?: string;
}

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome'];
const repo = resolve(import.meta.dirname, '../..');

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The first of `SYSTEM_NAMES` found on `PATH`, or undefined. */
export function findSystemChromium(pathVar = process.env.PATH ?? ''): string | undefined {
  for (const name of SYSTEM_NAMES) {
    for (const dir of pathVar.split(delimiter)) {
      if (dir === '') continue;
      const candidate = join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Brotli-decompresses `archive` into the file `out`. */
async function unbrotliToFile(archive: string, out: string): Promise<void> {
  await pipeline(createReadStream(archive), createBrotliDecompress(), createWriteStream(out, { mode: 0o755 }));
}

/** Brotli-decompresses the tarball `archive` and extracts it into `dir` with the system's `tar`. */
async function unbrotliTar(archive: string, dir: string): Promise<void> {
  const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'pipe'] });
  let stderr = '';
  tar.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  const exited = new Promise<void>((ok, fail) => {
    tar.on('error', fail);
    tar.on('close', (code) => (code === 0 ? ok() : fail(new Error(`tar -x ${archive} exited with ${code}: ${stderr}`))));
  });
  // tar may exit at the end-of-archive blocks before the stream's padding is written: its exit
  // status decides, a closed pipe after a clean exit is no error.
  const fed = pipeline(createReadStream(archive), createBrotliDecompress(), tar.stdin).then(() => undefined, (e: unknown) => e);
  await exited;
  const feedError = await fed;
  if (feedError !== undefined && !(tar.exitCode === 0)) throw feedError as Error;
}

/**
 * Unpacks the `@sparticuz/chromium` build into the cache (once per version) and returns its
 * directory. Throws when the package is not installed or the platform is not Linux x64.
 */
async function unpackBundledChromium(): Promise<string> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the bundled Chromium (@sparticuz/chromium) is built for Linux x64 only, not ${process.platform} ${process.arch}`);
  }
  let main: string;
  try {
    main = createRequire(join(repo, 'package.json')).resolve('@sparticuz/chromium');
  } catch {
    throw new Error('the devDependency @sparticuz/chromium is not installed (run npm ci)');
  }
  const name = join('@sparticuz', 'chromium');
  const pkgDir = main.slice(0, main.lastIndexOf(name) + name.length);
  const { version } = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const bin = join(pkgDir, 'bin');
  const target = join(repo, 'node_modules', '.cache', 'e2e-chromium', version);
  if (isExecutable(join(target, 'chromium'))) return target;

  // Unpack beside the target and rename into place, so a concurrent test file never sees half a browser.
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(staging, { recursive: true });
  try {
    await Promise.all([
      unbrotliToFile(join(bin, 'chromium.br'), join(staging, 'chromium')),
      unbrotliTar(join(bin, 'swiftshader.tar.br'), staging),
      unbrotliTar(join(bin, 'fonts.tar.br'), staging),
      unbrotliTar(join(bin, 'al2023.tar.br'), staging),
    ]);
    // The package's fonts.conf names serverless paths (/tmp/fonts, /var/task); point it at this copy.
    writeFileSync(join(staging, 'fonts.conf'), [
      '<?xml version="1.0"?>', '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">', '<fontconfig>',
      `  <dir>${join(target, 'fonts')}</dir>`, '  <dir>/usr/share/fonts</dir>',
      `  <cachedir>${join(target, 'fonts-cache')}</cachedir>`, '</fontconfig>', '',
    ].join('\n'));
    try {
      renameSync(staging, target);
    } catch (e) {
      if (!isExecutable(join(target, 'chromium'))) throw e; // lost the race only if the winner finished
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

/**
 * Finds the browser: `CHROMIUM_PATH`, else a system Chromium on `PATH`, else the bundled build, reading
 * both variables from `env` (default `process.env`). Throws with what was tried when there is none.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ResolvedChromium> {
  const fromEnv = env.CHROMIUM_PATH;
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH=${fromEnv} is not an executable file`);
    return { executablePath: fromEnv, source: 'CHROMIUM_PATH', env: {} };
  }
  const system = findSystemChromium(env.PATH);
  if (system !== undefined) return { executablePath: system, source: 'system', env: {} };
  let dir: string;
  try {
    dir = await unpackBundledChromium();
  } catch (e) {
    throw new Error(
      `no Chromium found: CHROMIUM_PATH is unset, none of ${SYSTEM_NAMES.join(', ')} is on PATH, and ${(e as Error).message}. ` +
      'Install one (apt-get install -y chromium) or set CHROMIUM_PATH.',
      { cause: e },
    );
  }
  return {
    executablePath: join(dir, 'chromium'),
    source: 'bundled',
    env: { FONTCONFIG_FILE: join(dir, 'fonts.conf') },
    fallbackLibDir: existsSync(join(dir, 'lib')) ? join(dir, 'lib') : undefined,
  };
}

/** The browser the last `launchChromium` started, for test logs. */
export let launchedChromium: (ResolvedChromium & { version: string }) | undefined;

export interface LaunchOptions {
  /** Extra Chromium flags after `CHROMIUM_FLAGS`. */
  args?: readonly string[];
  /** Where `CHROMIUM_PATH` and `PATH` are read for the search (default `process.env`). */
  searchEnv?: NodeJS.ProcessEnv;
}

/**
 * Resolves (see `resolveChromium`) and launches headless Chromium through playwright-core with
 * `CHROMIUM_FLAGS`. Throws, naming the executable and its source, when it does not start.
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const found = await resolveChromium(options.searchEnv);
  const args = [...CHROMIUM_FLAGS, ...(options.args ?? [])];
  const launch = (env: Record<string, string>): Promise<Browser> => chromium.launch({
    executablePath: found.executablePath, headless: true, args,
    env: { ...(process.env as Record<string, string>), ...env },
  });
  let browser: Browser;
  try {
    browser = await launch(found.env);
  } catch (first) {
    if (found.fallbackLibDir === undefined) {
      throw new Error(`Chromium (${found.source}: ${found.executablePath}) did not start: ${(first as Error).message}`, { cause: first });
    }
    // The bundled build on a machine without libnss3 / libnspr4: use the package's copies.
    const ld = [found.fallbackLibDir, process.env.LD_LIBRARY_PATH].filter((p) => p !== undefined && p !== '').join(delimiter);
    try {
      browser = await launch({ ...found.env, LD_LIBRARY_PATH: ld });
    } catch (second) {
      throw new Error(
        `Chromium (${found.source}: ${found.executablePath}) did not start: ${(first as Error).message}; ` +
        `with its own libraries on LD_LIBRARY_PATH: ${(second as Error).message}`,
        { cause: second },
      );
    }
  }
  launchedChromium = { ...found, version: browser.version() };
  return browser;
}
