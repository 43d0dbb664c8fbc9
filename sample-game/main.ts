/**
 * Entry point of the sample game: creates the engine on the page's canvas, the game, the HUD and the
 * profile overlay, and runs the render loop. `npm run dev` serves it, `npm run build:sample` builds it
 * into dist-sample/.
 *
 * Two scenes share the canvas: "Knock 'em down" (the game) and the friction lab (created the first
 * time it is opened). Only the shown scene is rendered, so only its physics steps; the other one keeps
 * its state. `?scene=friction-lab` opens the lab first.
 *
 * The game is written against Babylon's Physics V2 API: `?engine=havok` (the Engine switch) runs the
 * same game code on Babylon's Havok plugin (loaded on demand, WASM) instead of this engine, so a
 * player compares behaviour and frame time.
 */

import { Engine } from '@babylonjs/core/Engines/engine.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import type { IPhysicsEnginePluginV2 } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { ACCURATE_MODE_WARNING, KnockdownGame, type FrictionLawName, type PhysicsEngineName, type SolverMode } from './game';
import { FrictionLabView } from './friction-lab-view';
import { byId, ProfileOverlay } from './profile-overlay';
import { createTestApi, type SceneName } from './test-api';

/** How often the lab's difference table is rewritten (unit: ms). */
const LAB_TABLE_INTERVAL_MS = 250;

/** Babylon's Havok plugin, loaded on demand (the WASM file is served by vite). */
async function createHavokPlugin(): Promise<IPhysicsEnginePluginV2> {
  const [{ default: HavokPhysics }, { HavokPlugin }, { default: wasmUrl }] = await Promise.all([
    import('@babylonjs/havok'),
    import('@babylonjs/core/Physics/v2/Plugins/havokPlugin.js'),
    import('@babylonjs/havok/lib/esm/HavokPhysics.wasm?url'),
  ]);
  const havok = await HavokPhysics({ locateFile: () => wasmUrl });
  // fixed 1/60 s steps (the game sets Babylon's sub-time-step), as this engine's plugin runs
  return new HavokPlugin(false, havok);
}

async function start(): Promise<void> {
  const canvas = byId(document, 'game-canvas');
  if (!(canvas instanceof HTMLCanvasElement)) throw new Error('#game-canvas is not a canvas');
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true }, false);
  const engineName: PhysicsEngineName = new URLSearchParams(window.location.search).get('engine') === 'havok' ? 'havok' : 'ecs';
  const plugin = engineName === 'havok' ? await createHavokPlugin() : undefined;
  const game = new KnockdownGame(engine, canvas, { plugin });
  for (const b of [byId(document, 'engine-ecs'), byId(document, 'engine-havok')]) {
    b.setAttribute('aria-pressed', String(b.dataset.engine === game.engineName));
    b.addEventListener('click', () => {
      if (b.dataset.engine === game.engineName) return;
      const url = new URL(window.location.href);
      if (b.dataset.engine === 'havok') url.searchParams.set('engine', 'havok');
      else url.searchParams.delete('engine');
      window.location.assign(url); // the same level, built again on the other engine
    });
  }
  const overlay = new ProfileOverlay(document);
  let active: SceneName = 'knockdown';
  let lab: FrictionLabView | undefined;

  // --- Knock 'em down HUD -------------------------------------------------------------------------
  const scoreEl = byId(document, 'score');
  const ballsEl = byId(document, 'balls-thrown');
  byId(document, 'block-total').textContent = String(game.level.blocks.length);
  game.onScoreChanged = () => {
    scoreEl.textContent = String(game.score);
    ballsEl.textContent = String(game.ballsThrown);
  };
  byId(document, 'reset-button').addEventListener('click', () => game.reset());
  byId(document, 'wrecking-button').addEventListener('click', () => game.swingWreckingBall());
  const drawbridgeButton = byId(document, 'drawbridge-button');
  drawbridgeButton.addEventListener('click', () => game.toggleDrawbridge());
  game.onDrawbridgeChanged = () => {
    const up = game.drawbridgeRaised;
    drawbridgeButton.setAttribute('aria-pressed', String(up));
    drawbridgeButton.firstChild?.replaceWith(up ? 'Drawbridge up ' : 'Drawbridge down ');
  };

  const solverButtons = [byId(document, 'solver-fast'), byId(document, 'solver-accurate')];
  const frictionButtons = [byId(document, 'friction-coulomb'), byId(document, 'friction-mdp')];
  const frictionNote = byId(document, 'friction-note');
  const modeText = byId(document, 'mode-text');
  const modeWarning = byId(document, 'mode-warning');
  modeWarning.textContent = ACCURATE_MODE_WARNING;
  const showMode = (): void => {
    const accurate = game.solverMode === 'accurate';
    for (const b of solverButtons) b.setAttribute('aria-pressed', String(b.dataset.solver === game.solverMode));
    const havok = game.engineName === 'havok';
    for (const b of frictionButtons) {
      b.setAttribute('aria-pressed', String(b.dataset.friction === game.frictionLaw));
      if (b instanceof HTMLButtonElement) b.disabled = accurate || havok;
    }
    for (const b of solverButtons) if (b instanceof HTMLButtonElement) b.disabled = havok;
    frictionNote.hidden = !accurate;
    const law = game.frictionLaw === 'coulomb' ? 'Coulomb friction' : 'max-dissipation friction';
    modeText.textContent = havok
      ? 'Engine: Havok (Babylon HavokPlugin, WASM) · same game code'
      : accurate
        ? 'Mode: accurate · Stewart–Trinkle LCP (Lemke) + PLUS impacts'
        : `Mode: fast · PGS · ${law}`;
    modeWarning.hidden = !accurate;
    overlay.setSolverDetailVisible(accurate && active === 'knockdown');
  };
  game.onModeChanged = showMode;
  for (const b of solverButtons) {
    b.addEventListener('click', () => game.setSolverMode(b.dataset.solver as SolverMode));
  }
  for (const b of frictionButtons) {
    b.addEventListener('click', () => game.setFrictionLaw(b.dataset.friction as FrictionLawName));
  }

  // --- Scenes -------------------------------------------------------------------------------------
  const gameHud = byId(document, 'game-hud');
  const labHud = byId(document, 'lab-hud');
  const labRows = byId(document, 'lab-rows');
  const labTime = byId(document, 'lab-time');
  let lastTable = 0;

  const sceneOf = (name: SceneName): { scene: Scene; camera: ArcRotateCamera } | undefined =>
    name === 'knockdown' ? game.stage : lab?.stage;

  const openLab = (): FrictionLabView => {
    if (lab !== undefined) return lab;
    const view = new FrictionLabView(engine, canvas);
    const rodNames = view.lab.coulomb.scene.spec.rods.map((r) => r.name);
    labRows.replaceChildren(...[...rodNames, 'control spheres'].map((name) => {
      const tr = document.createElement('tr');
      for (const text of [name, '–', '–']) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }));
    view.scene.onAfterRenderObservable.add(() => {
      overlay.sample(view.collectFrameProfile(), engine.getFps(), performance.now());
      const now = performance.now();
      if (now - lastTable >= LAB_TABLE_INTERVAL_MS) {
        lastTable = now;
        paintLabTable(view, labRows, labTime);
      }
    });
    byId(document, 'relaunch-button').addEventListener('click', () => view.relaunch());
    lab = view;
    return view;
  };

  const show = (name: SceneName): void => {
    if (name === 'friction-lab') openLab();
    const from = sceneOf(active), to = sceneOf(name);
    if (from !== undefined && from !== to) {
      from.camera.detachControl();
      from.scene.detachControl();
    }
    if (to !== undefined && from !== to) {
      to.scene.attachControl();
      to.camera.attachControl(canvas, true);
    }
    active = name;
    game.active = name === 'knockdown';
    gameHud.hidden = name !== 'knockdown';
    labHud.hidden = name !== 'friction-lab';
    document.title = name === 'knockdown'
      ? "Knock 'em down · babylon-ecs-physics"
      : 'Friction lab · babylon-ecs-physics';
    const url = new URL(window.location.href);
    if (name === 'friction-lab') url.searchParams.set('scene', 'friction-lab');
    else url.searchParams.delete('scene');
    window.history.replaceState(null, '', url);
    showMode();
  };
  byId(document, 'lab-button').addEventListener('click', () => show('friction-lab'));
  byId(document, 'knockdown-button').addEventListener('click', () => show('knockdown'));

  game.scene.onAfterRenderObservable.add(() => {
    overlay.sample(game.frameProfile, engine.getFps(), performance.now());
    game.clearFrameProfile();
  });

  window.__game = createTestApi(game, {
    get active() { return active; },
    show,
    get lab() { return lab; },
  });
  showMode();
  if (new URLSearchParams(window.location.search).get('scene') === 'friction-lab') show('friction-lab');
  // Fold buttons (shown on narrow screens): open or close their panel.
  for (const button of document.querySelectorAll<HTMLButtonElement>('.fold-button')) {
    button.addEventListener('click', () => {
      const open = button.closest('.foldable')?.classList.toggle('unfolded') ?? false;
      button.setAttribute('aria-expanded', String(open));
    });
  }
  engine.runRenderLoop(() => {
    const t0 = performance.now();
    if (active === 'friction-lab' && lab !== undefined) lab.scene.render();
    else game.scene.render();
    overlay.sampleFrameTime(engine.getDeltaTime(), performance.now() - t0);
  });
  window.addEventListener('resize', () => engine.resize());
}

/** Writes the lab's per-body differences between the two worlds into the HUD table. */
function paintLabTable(view: FrictionLabView, rows: HTMLElement, time: HTMLElement): void {
  const d = view.difference();
  const cells = (i: number): HTMLCollection | undefined => rows.children[i]?.children;
  d.rodDistance.forEach((dist, i) => {
    const c = cells(i);
    if (c === undefined) return;
    c[1].textContent = `${(100 * dist).toFixed(0)} cm`;
    c[2].textContent = `${((d.rodHeading[i] * 180) / Math.PI).toFixed(0)}°`;
  });
  const c = cells(d.rodDistance.length);
  if (c !== undefined) {
    const worst = Math.max(...d.sphereDistance);
    c[1].textContent = worst === 0 ? '0 (same bits)' : `${(1000 * worst).toPrecision(2)} mm`;
    c[2].textContent = '';
  }
  time.textContent = view.lab.coulomb.world.time.toFixed(2);
}

start().catch((error: unknown) => {
  const box = document.getElementById('error-message');
  if (box !== null) {
    box.hidden = false;
    box.textContent = `The game could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
  throw error;
});
