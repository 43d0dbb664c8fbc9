/**
 * Stacks rest where they stand (issue 15, item 3), fast mode. Closed form for rigid contacts: a
 * vertical stack of 20 exactly touching unit cubes (1 kg, μ 0.5) and a 100 kg unit cube on two 1 kg
 * unit cubes stay where they were built, every box at rest, no sideways motion (the stacks are
 * symmetric). Checked over 10 s at dt 1/60: the top box's largest sink and largest horizontal drift
 * below 1 cm.
 *
 * The mass-ratio stack's drift passes: 0.37 mm (Coulomb) and 0.64 mm (max-dissipation); it was 37 mm
 * and 6 mm before the friction rows followed the rotation of the levers within the step.
 * The 20-cube stack's drift passes under Coulomb friction: 0.06 mm; the default manifold rule of the
 * cone projection solves a resting manifold's normal rows as one block in the last substep's relaxation
 * sweep (`'block-last-relax'`; with its rows corner after corner the stack swayed by 10.9 mm, period about
 * 7 s).
 * Known misses (it.fails), measured at dt 1/60, 4 substeps, 10 s (largest over the run):
 * - 20-cube stack: sink 31 mm (27.6 mm at rest), both friction laws; drift 12.5 mm under max-dissipation,
 *   whose exact block sweeps keep the resting rows by default (with `'block-last-relax'` 2.89 mm, but a
 *   400 kg box coming to rest on a 0.05 kg plate then gains 3.5e-8 of its energy in a step, against the
 *   shock-propagation test's 1e-9);
 * - 100 kg on 2 × 1 kg: sink 34 mm (Coulomb) and 31 mm (max-dissipation), 28.0 mm at rest.
 * A support projection after the substeps held the height (sink 5.0 / 0.75 mm, both laws under 1 cm) but
 * the stacks swayed off by 0.5 m (systems/solve/pgs/README.md; not kept).
 * Rest loads (a per-manifold memory of the resting load carried across steps, so the soft rows rest at a
 * tenth of their compression; measured, not kept): at rest 2.76 mm (20 cubes) and 2.80 mm (mass ratio) in
 * both laws, drift 1.7 / 4.6 mm (20 cubes, Coulomb / max-dissipation); but the largest sink stays 30.5–31.1
 * mm, from the first 7 steps, when the loads build up from zero and the top box falls almost freely for 3
 * steps, and the recovery adds potential energy (README). Support layers (velocity shock propagation from
 * the ground up) held both stacks exactly (0.0 mm) but left the rows a fraction of the load (README; not
 * kept).
 * Rigid resting rows (one block per manifold in every sweep) with a split-impulse position pass and new
 * supports warm-started from the load above them held both stacks (0.23 / 0.0 mm, Coulomb) but made the
 * 1000-cube pile's step 29–38 % and Pyramid(50)'s 56 % slower (README; not kept).
 * The sink is the soft contacts' static compression, Σ load / (m_eff ω²) over the contacts below the
 * top (ω = 2π · 60 Hz, a quarter of the substep rate; independent of the damping ratio), so it grows
 * with the height and with the mass ratio, plus the overshoot while the loads build up from zero. What
 * was measured while looking for a fix is in systems/solve/pgs/README.md ("Known limit: tall stacks
 * sink and sway").
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getPosition, stepWorld, type PhysicsWorld, type PhysicsWorldOptions,
} from '../../plugin/index';
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')
import { buildStack } from '../../scenes/stack';

/** Mode, options, and whether the 20-cube stack's drift is a known miss there. */
const MODES: Array<[string, PhysicsWorldOptions, boolean]> = [
  ['fast, Coulomb', {}, false],
  ['fast, max-dissipation', { friction: 'max-dissipation' }, true],
];

interface Settled {
  /** Largest sink and horizontal drift over the 10 s (unit: m). */
  sink: number;
  drift: number;
}

/** Largest sink and horizontal drift of `top` from `start` over 600 steps of 1/60 s (unit: m). */
function settle(w: PhysicsWorld, top: number, start: readonly number[]): Settled {
  let sink = 0, drift = 0;
  for (let i = 0; i < 600; i++) {
    stepWorld(w, 1 / 60);
    const p = getPosition(w, top);
    sink = Math.max(sink, start[1] - p[1]);
    drift = Math.max(drift, Math.hypot(p[0] - start[0], p[2] - start[2]));
  }
  return { sink, drift };
}

function massRatioStack(options: PhysicsWorldOptions): Settled {
  const w = createPhysicsWorld({ sleep: false, ...options }); // the solver at rest, not sleeping, is measured
  addBody(w, { type: 'static', position: [0, -0.5, 0], collider: { shape: 'box', halfExtents: [10, 0.5, 10], friction: 0.5 } });
  for (const y of [0.5, 1.5]) {
    addBody(w, { position: [0, y, 0], mass: 1, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: 0.5 } });
  }
  const top = addBody(w, { position: [0, 2.5, 0], mass: 100, collider: { shape: 'box', halfExtents: [0.5, 0.5, 0.5], friction: 0.5 } });
  return settle(w, top, [0, 2.5, 0]);
}

function cubeStack(options: PhysicsWorldOptions): Settled {
  const w = createPhysicsWorld({ sleep: false, ...options }); // the solver at rest, not sleeping, is measured
  const s = buildStack(w, { count: 20 });
  return settle(w, s.top, s.topStart);
}

describe('stacks rest where they stand: sink and drift below 1 cm for 10 s', () => {
  for (const [mode, options, driftMiss] of MODES) {
    let cubes: Settled | undefined; // one run for both checks
    it.fails(`${mode}: 20 unit cubes, the top one sinks less than 1 cm`, () => {
      cubes ??= cubeStack(options);
      expect(cubes.sink).toBeLessThan(0.01);
    });
    (driftMiss ? it.fails : it)(`${mode}: 20 unit cubes, the top one drifts less than 1 cm`, () => {
      cubes ??= cubeStack(options);
      expect(cubes.drift).toBeLessThan(0.01);
    });
    it.fails(`${mode}: a 100 kg cube on two 1 kg cubes sinks less than 1 cm`, () => {
      expect(massRatioStack(options).sink).toBeLessThan(0.01);
    });
    it(`${mode}: a 100 kg cube on two 1 kg cubes drifts less than 1 cm`, () => {
      expect(massRatioStack(options).drift).toBeLessThan(0.01);
    });
    // the experiment switch that removes the sway (not the default: it deepens the 1000-cube pile)
    it(`${mode}, manifoldSolve 'block-relax': 20 unit cubes, the top one drifts less than 1 cm`, () => {
      expect(cubeStack({ ...options, experiments: { manifoldSolve: 'block-relax' } }).drift).toBeLessThan(0.01);
    });
    // the resting blocks in the last substep's relaxation sweep (Coulomb's default; max-dissipation's
    // default keeps the rows: see the header)
    it(`${mode}, manifoldSolve 'block-last-relax': 20 unit cubes, the top one drifts less than 1 cm`, () => {
      expect(cubeStack({ ...options, experiments: { manifoldSolve: 'block-last-relax' } }).drift).toBeLessThan(0.01);
    });
  }
});
