/**
 * Entry point of the sample game: creates the engine on the page's canvas, the game, the HUD and the
 * profile overlay, and runs the render loop. `npm run dev` serves it, `npm run build:sample` builds it
 * into dist-sample/.
 */

import { Engine } from '@babylonjs/core/Engines/engine.js';
import { KnockdownGame } from './game';
import { byId, ProfileOverlay } from './profile-overlay';
import { createTestApi } from './test-api';

function start(): void {
  const canvas = byId(document, 'game-canvas');
  if (!(canvas instanceof HTMLCanvasElement)) throw new Error('#game-canvas is not a canvas');
  const engine = new Engine(canvas, true, { preserveDrawingBuffer: true, stencil: true }, false);
  const game = new KnockdownGame(engine, canvas);

  const scoreEl = byId(document, 'score');
  const ballsEl = byId(document, 'balls-thrown');
  byId(document, 'block-total').textContent = String(game.level.blocks.length);
  game.onScoreChanged = () => {
    scoreEl.textContent = String(game.score);
    ballsEl.textContent = String(game.ballsThrown);
  };
  byId(document, 'reset-button').addEventListener('click', () => game.reset());

  const overlay = new ProfileOverlay(document);
  game.scene.onAfterRenderObservable.add(() => {
    overlay.sample(game.frameProfile, engine.getFps(), performance.now());
    game.clearFrameProfile();
  });

  window.__game = createTestApi(game);
  engine.runRenderLoop(() => game.scene.render());
  window.addEventListener('resize', () => engine.resize());
}

try {
  start();
} catch (error) {
  const box = document.getElementById('error-message');
  if (box !== null) {
    box.hidden = false;
    box.textContent = `The game could not start: ${error instanceof Error ? error.message : String(error)}`;
  }
  throw error;
}
