/**
 * Jointed fuzz scenes (`scenes/fuzz.ts`, fast modes, 600 steps at dt = 1/60) that ran away through the
 * joints' position correction, shrunk to the fewest bodies and joints that still failed. Each must now
 * run its 600 steps with no exception, no non-finite body, no body below the ground, no body above
 * 1e4 m/s or beyond 1e6 m, and its mechanical energy never above 2 × the start + 1 J.
 *
 * The causes (`systems/solve/common/joint-solve.ts`):
 * - the rigid rows' bias velocity: a body spun or thrown against its joint by a contact turned or moved
 *   so far in a substep that its joint opened metres wide, and the bias pulled it back at up to 163 m/s;
 *   the relax sweeps removed that velocity only along the rows re-evaluated after the move, and the
 *   contacts kept what they answered to it. The direct islands' rigid rows are now corrected on the
 *   positions after the position update (no bias velocity), with their contact points pushed back;
 * - the warm start of a direct island's limit rows without the bilateral rows' share (their impulses
 *   restart at 0 every substep): a limit spanned by the island's rows gathers an impulse that moves
 *   nothing, until its warm start applies it alone (a 0.023 kg body thrown at 8e12 m/s, then moved 1e6 m
 *   up). Such rows are now dependent, and the others are warm-started with their Schur complement's
 *   bilateral impulses;
 * - a coupled contact point (`joint-contact-coupling.ts`) of a body whose inertia-refresh mark dropped within
 *   the step (the position pass turned it back) kept the turned inverse inertia while its island's rows
 *   went back to the start's: its manifold's Schur matrix was indefinite and its block solve diverged;
 * - the position pass's solve of a loop's nearly dependent rows (now damped, `DAMPED` below), and the warm
 *   start of a Gauss–Seidel island just too wide for the direct solve (`WIDER` below);
 * - a violated limit nearly spanned by its island's rows corrected at its full bias speed through the
 *   loop's near-mechanism, at bodies' speeds of bias / S (now bounded in body speed, `BOUNDED_LIMIT` below).
 */

import { describe, expect, it } from 'vitest';
import { buildFuzzScene, checkFuzzScene, type FuzzMode } from '../../scenes/fuzz';

interface Case { seed: number; mode: FuzzMode; keep?: number[]; keepJoints?: number[]; what: string }

const CASES: Case[] = [
  {
    seed: 9865, mode: 'pgs', keep: [11, 15, 17, 20, 21], keepJoints: [1, 3, 6],
    what: 'a 22 kg capsule (axial inertia 0.034 kg m²) on a sixDof joint 9.6 m from a 215 kg body, spun to 1250 rad/s by the ground against the joint: was ×2.7 the energy at step 24',
  },
  {
    seed: 6121, mode: 'pgs', keep: [16, 24], keepJoints: [8, 13],
    what: 'two bodies on a hinge and a fixed joint: was ×520 the energy at step 149',
  },
  {
    seed: 2523, mode: 'pgs', keep: [1, 13, 24], keepJoints: [1, 8, 9],
    what: 'three bodies on two sliders and a fixed joint: was ×20 the energy at step 508',
  },
  {
    seed: 1311, mode: 'pgs', keep: [7, 12, 13, 20, 33], keepJoints: [10, 18, 20],
    what: 'five bodies on two ball joints and a fixed joint: was ×2.5 the energy at step 75',
  },
  {
    seed: 1311, mode: 'mdp',
    what: '41 bodies, 21 joints: was a runaway at step 377 (energy ×3.6)',
  },
  {
    seed: 7170, mode: 'pgs',
    what: 'a 0.042 kg sphere turned back under the inertia refresh\'s threshold by the position pass kept its ground points at the turned inverse inertia while its island\'s rows took the start\'s: an indefinite 2 × 2 Schur matrix, 3.5e5 N·s and 1e5 m/s at step 15',
  },
  {
    seed: 1484, mode: 'mdp',
    what: 'a 0.023 kg body\'s swing limit to the world, spanned by its island\'s rows (S = 1.7e-11 W_ll), gathered 5e11 N·s; its warm start threw the body at 8e12 m/s and the correction moved it to y = 1.06e6 m at step 96',
  },
];

/**
 * Fuzz seeds of the 1bbc443 lists (fast Coulomb, seeds 0..9999) that hold since the position pass is damped
 * in islands whose undamped solve would move a body far more than the errors it corrects
 * (`dampIllPosedPass` in `joint-solve.ts`, Levenberg–Marquardt): the pass solved a loop's closing rows, kept
 * at pivots of about the drift squared, for the loop's inconsistent errors and moved the island along a
 * motion that changes no error, by the pass's bound in every substep (seed 3034 at 1bbc443). Each fails
 * without the damping (at 580c11a).
 */
const DAMPED: Case[] = [
  { seed: 3921, mode: 'pgs', what: 'was a runaway at step 232 (a body at 1.2e4 m/s)' },
  { seed: 9928, mode: 'pgs', what: 'was a runaway at step 56 (energy ×2.3)' },
];

/**
 * Fast-mode fuzz seeds of the 66c3db8 lists (seeds 0..9999) that hold since (1) a contact point solved
 * through its joint island (`joint-contact-coupling.ts`) leaks nothing from its own contact row (its rest
 * load is +∞ for the step): the soft step's leak (impulse scale × λ) of an impulse that carried the
 * jointed assembly's load acted on the light body alone and moved it into the ground at
 * impulse scale × λ / (massScale m) after every solve sweep; and (2) the direct islands' limit rows restart
 * at 0 in every substep (`warmStartAux` in `joint-solve.ts`), as the bilateral rows and the coupled points
 * they are solved with do: warm-started alone, a limit at its stop threw its light body into its contact.
 * Maximum-dissipation 1098, 1251 and 9232 each hold when the first change alone acts from 7 or 8 steps
 * before their failure on; the fast Coulomb seeds hold as chaotic outcomes of the same joint–contact fight
 * (4470 holds when both act from 8 steps before; 3642 and 1320 do not; 1320 was a known miss here since
 * the position pass). Fast Coulomb 3642, 3741, 4470 and 4970 are kept in `fuzz-regressions.test.ts`.
 */
const NO_LEAK: Case[] = [
  { seed: 1098, mode: 'mdp', what: 'a 0.015 kg sphere (radius 2.7 m) fixed to a 0.04 kg body hinged to a spinning 788 kg capsule, its ground point\'s own row at 3.8 to 15 N·s: was 4.4 cm below the ground at step 76' },
  { seed: 1251, mode: 'mdp', what: 'a 0.041 kg thin box hinged to a 0.055 kg body, both on the ground: was 1.8 cm below the ground at step 307' },
  { seed: 9232, mode: 'mdp', what: 'a 0.023 kg sphere on a hinge at its stop 24 m from a 47 kg capsule: was 4.4 cm below the ground at step 308' },
  { seed: 1320, mode: 'pgs', what: 'was below the ground at step 401 (body 22, 7.4 mm)' },
];

/**
 * Fast Coulomb seed 1541 went through the ground while the position pass's contact push-back ran only 4
 * projected Gauss–Seidel sweeps (`PUSH_SWEEPS` in `joint-solve.ts`, now until converged, at most 64): a thin
 * body's ground points are coupled through its turn, and some were left deeper than before the pass in
 * every substep. It held at 66c3db8 and failed with 4 sweeps once the coupled rows without leak and the
 * vice rule of `joint-contact-coupling.ts` changed its scene; it holds with 64 sweeps from 5 steps before
 * its failure.
 */
const PUSH_CONVERGED: Case[] = [
  { seed: 1541, mode: 'pgs', what: 'was 6.4 mm below the ground at step 325 (body 33)' },
];

/**
 * Fast Coulomb and maximum-dissipation 9252 (issue 13, known misses in the 06182c8 list): a loop of a sixDof,
 * a slider and a fixed joint between a 179 kg body and two light ones (0.27 and 0.13 kg), two of its limits
 * violated by 0.56 to 2.8 m and nearly spanned by the loop's bilateral rows (Schur complement S/W_ll ≈ 1e-7
 * to 1e-5), corrected by their bias (16 m/s) through the loop's near-mechanism: 1e4 to 2e5 N·s, the light
 * bodies at 1700 m/s, the energy ×2 to ×4 within a step. They hold since a violated limit's correction speed
 * in a direct island is bounded so that it moves no body faster than 2 β · maxCorrection
 * (`limitCorrectionBound` in `joint-solve.ts`: |b| ≤ v_max S / g, g the largest body speed per unit impulse
 * of the limit with its island's response; cut to 1.4 % of the bias there).
 */
const BOUNDED_LIMIT: Case[] = [
  { seed: 9252, mode: 'pgs', what: 'a joint loop\'s violated limits nearly spanned by its rows: was a runaway at step 33 (energy ×2.8)' },
  { seed: 9252, mode: 'mdp', what: 'a joint loop\'s violated limits nearly spanned by its rows: was a runaway at step 25 (energy ×2.3)' },
];

/**
 * Fuzz seed 8229 (both fast modes, in the lists since acbbb30): a tree of 16 joints (73 rows, 1203 envelope
 * entries) just over the direct solve's width bound for islands under 64 rows went to Gauss–Seidel, whose
 * warm start along the rows re-evaluated at each substep spun a 0.022 kg sphere fixed to a 0.35 kg body from
 * 27 to 1767 rad/s; it ran away at 1.2e4 m/s at step 13. Islands under 128 rows are now direct
 * (`SMALL_ISLAND_ROWS` of `joint-direct.ts`).
 */
const WIDER: Case[] = [
  { seed: 8229, mode: 'pgs', what: 'a 73-row tree of 16 joints solved by Gauss–Seidel: was a runaway at step 13 (1.2e4 m/s)' },
  { seed: 8229, mode: 'mdp', what: 'a 73-row tree of 16 joints solved by Gauss–Seidel: was a runaway at step 51 (1.1e4 m/s)' },
];

describe('jointed fuzz scenes whose joint correction added energy stay bounded (fast modes)', () => {
  for (const k of NO_LEAK) {
    it(`${k.mode} seed ${k.seed} (coupled points' own rows without leak, limits restarted): ${k.what}`, () => {
      expect(checkFuzzScene(buildFuzzScene(k.seed, { mode: k.mode }))).toBeUndefined();
    }, 120_000);
  }
  for (const k of WIDER) {
    it(`${k.mode} seed ${k.seed} (direct island under 128 rows): ${k.what}`, () => {
      expect(checkFuzzScene(buildFuzzScene(k.seed, { mode: k.mode }))).toBeUndefined();
    }, 120_000);
  }
  for (const k of BOUNDED_LIMIT) {
    it(`${k.mode} seed ${k.seed} (limit correction bounded in body speed): ${k.what}`, () => {
      expect(checkFuzzScene(buildFuzzScene(k.seed, { mode: k.mode }))).toBeUndefined();
    }, 120_000);
  }
  for (const k of PUSH_CONVERGED) {
    it(`${k.mode} seed ${k.seed} (position pass's push-back converged): ${k.what}`, () => {
      expect(checkFuzzScene(buildFuzzScene(k.seed, { mode: k.mode }))).toBeUndefined();
    }, 120_000);
  }
  for (const k of DAMPED) {
    it(`${k.mode} seed ${k.seed} (damped position pass): ${k.what}`, () => {
      expect(checkFuzzScene(buildFuzzScene(k.seed, { mode: k.mode }))).toBeUndefined();
    }, 120_000);
  }
  for (const c of CASES) {
    const shrunk = c.keep !== undefined ? ' (shrunk)' : '';
    it(`${c.mode} seed ${c.seed}${shrunk}: ${c.what}`, () => {
      const scene = buildFuzzScene(c.seed, {
        mode: c.mode, keep: c.keep, keepJoints: c.keepJoints, joints: c.keepJoints !== undefined ? true : undefined,
      });
      if (c.keepJoints !== undefined) expect(scene.joints.length).toBe(c.keepJoints.length);
      expect(checkFuzzScene(scene)).toBeUndefined();
    }, 120_000);
  }
});
