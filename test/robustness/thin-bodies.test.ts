/**
 * No energy from contacts for thin bodies: the 699 kg thin box of the robustness report (half extents
 * 0.126 × 1.372 × 0.089 m, restitution 0) and thin capsules (radius 0.03–0.09 m, half height 1.372 m),
 * thrown at random orientations with up to 50 m/s and 20 rad/s at the ground and a static box, 240
 * steps at dt = 1/60. With restitution 0 no step may raise the body's mechanical energy by more than
 * 1 %, and its centre never goes below the ground.
 *
 * Fixed by the continuous pass (`systems/integrate/continuous.ts`): a box hit on one corner spins up in
 * the solve and its far end swung 0.3 m into the ground within the step; recovering that depth by
 * position correction raised the energy by +1085 % in a step and centres went 0.2 m below the ground
 * (100 cases, fast mode). Now it is put back at its time of impact: lowest centre 0.032 m, worst rise of
 * those cases gone (case 36 below).
 *
 * pgs case 8 passes since a sliding point's two friction rows take one common mass in the cone projection
 * (`systems/solve/pgs/contact-solve.ts`); before, +3.7 % in a step.
 * Known misses (`it.fails`, measured): formerly pgs case 8 (+3.7 % in a step: the thin box spinning at 89 rad/s,
 * 1.1 rad per step, gets an impulse at a speculative point whose first-order separation is far off);
 * formerly mdp case 19 (+1.2 %), which holds since the fast mode integrates the gyroscopic term too
 * (`pgs.gyroscopic`); lcp case 3 (+1.35 %) holds since the accurate mode integrates it (`lcp.gyroscopic`).
 *
 * Fixed: mdp case 8, where the thin box came down on one end and left upwards at 1368 m/s (energy ×3384
 * in one step). Its manifold's normal block (three nearly collinear points on one end, one on the
 * other, two of them speculative) has rank 3 and inconsistent targets; the block LCP took the full set
 * with the dependent row left out, which pushed the dependent point with 1.3e6 N·s while it separated
 * at 5754 m/s. Such a set is now refused (`normal-block-lcp.ts`, DEPENDENT_RESIDUAL_TOLERANCE).
 * Fixed: pgs cases 9 (+16 %), 14 (+1.3 %), 16 (+20 %), 23 (+100 %). On case 23 the rise came in the last
 * substep of a step in which the capsule (inertias 600 : 1), at 19 rad/s, turned 0.24 rad, and the
 * impulse acted through the world inverse inertia of the start of the step: its stiff axis took about a
 * quarter of the impulse's torque (ω 19 → 166 rad/s). The cone-projection rows of a body that turned by
 * more than 0.1 rad within the step now act through its current inverse inertia
 * (`systems/solve/pgs/inertia-refresh.ts`); all four hold (worst rise 0.1 %), pgs case 8 is the one new
 * rise. The exact block strategy (mdp) refreshes the same way; done alone it fixed mdp 9 (+68 %), 21
 * (+2 %) and 23 (+6 %) but made case 19 diverge within a substep (ω 57 → 1217 rad/s): its friction rows'
 * lever rotation ω × (θ × r) was recomputed in every sweep from the ω the sweeps produced, and fed back
 * on itself. It is now computed once per substep and held, as the cone-projection rows do; with both,
 * mdp 9, 21, 23 hold and case 19 rises 1.2 %.
 *
 * Fixed: mdp case 17 (+2.1 % in a step at step 78). Measured cause: from step 21 to 75 the capsule
 * (radius 4.95 cm, 699 kg) pivots on one end while it spins at 35–40 rad/s nearly about its axis, and that
 * end sank 0.3–0.7 mm per step to 15.7 mm: the rows held only the depth's rate at the start of each
 * substep, while the end's centre, 1.37 m from the body's, dropped along its arc within the substep (about
 * 1 mm); the soft push-out balanced that near 15 mm. After the flat landing (step 76, still 13.3 mm deep)
 * the soft contact lifted the end out by 3.3, 2.5, 1.8 mm per step: +8, +6, +4.6 J of a 393 J scene. The
 * max-dissipation normal rows now carry the lever rotation about the centres of curvature of the rounded
 * colliders at a touching point (`normalLeverRotation` in `contact-block-solve.ts`, the pgs README): the end
 * stays within 5.0 mm and the worst step is +0.51 % (step 76; +2.1 % again with the term left out). The term
 * about a box's vertex as well (the first attempt) broke max-dissipation fuzz seeds 1320, 2713, 3132 (without
 * the s/2 from the midway point to each surface) and 2342 (a 12 g plate below the ground: a vertex is the
 * nearest feature only for small turns, and a box spinning at 21 rad/s got 5.6 m/s on a speculative point); on
 * the rounded sides only, all four hold; at speculative points too, seed 6648 failed (see the README).
 *
 * Other cause found: the per-substep current separation is first order in the rotation (at 161 rad/s a
 * substep turns the capsule of case 9 by 0.67 rad; with 16 substeps instead of 4 the same contact
 * dissipated, 469 → 423 kJ instead of 469 → 517 kJ); turning the lever's part across the normal exactly
 * fixed case 14 but made a hull rock on a curved mesh slope rock and creep (0.05 m/s after 4 s instead of
 * rest), so it is not in.
 */

import { describe, expect, it } from 'vitest';
import { createPhysicsWorld } from '../../plugin/world';
import { addBody } from '../../plugin/bodies';
import { stepWorld } from '../../plugin/step';
import { mechanicalEnergy } from '../../scenes/fuzz';
import { createRandom, randomQuaternion } from '../../scenes/prng';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

type Mode = 'pgs' | 'mdp' | 'lcp';

interface Outcome { worstRise: number; lowestCentre: number; step: number }

function throwThin(mode: Mode, t: number): Outcome {
  const r = createRandom(1000 + t);
  const w = mode === 'lcp' ? createPhysicsWorld({ solver: 'lcp' })
    : createPhysicsWorld({ friction: mode === 'mdp' ? 'max-dissipation' : 'coulomb' });
  addBody(w, { type: 'static', collider: { shape: 'plane', restitution: 0 } });
  addBody(w, { type: 'static', position: [0, 0.5, 3], collider: { shape: 'box', halfExtents: [2, 0.5, 0.5], restitution: 0 } });
  const capsule = t % 2 === 1;
  const speed = 50 * r(), spin = 20 * r();
  const dir = [r() * 2 - 1, -r(), r() * 2 - 1], l = Math.hypot(dir[0], dir[1], dir[2]);
  const sd = [r() * 2 - 1, r() * 2 - 1, r() * 2 - 1], sl = Math.hypot(sd[0], sd[1], sd[2]);
  const e = addBody(w, {
    position: [0, 2 + 3 * r(), 3 * r()], orientation: randomQuaternion(r), mass: 699,
    linearVelocity: [dir[0] / l * speed, dir[1] / l * speed, dir[2] / l * speed],
    angularVelocity: [sd[0] / sl * spin, sd[1] / sl * spin, sd[2] / sl * spin],
    collider: capsule ? { shape: 'capsule', radius: 0.03 + 0.06 * r(), halfHeight: 1.372, restitution: 0 }
      : { shape: 'box', halfExtents: [0.126, 1.372, 0.089], restitution: 0 },
  });
  const out: Outcome = { worstRise: -Infinity, lowestCentre: Infinity, step: -1 };
  let e0 = mechanicalEnergy(w, [e]);
  for (let s = 0; s < 240; s++) {
    stepWorld(w, 1 / 60);
    const e1 = mechanicalEnergy(w, [e]);
    const rise = (e1 - e0) / (Math.abs(e0) + 1e-9);
    if (rise > out.worstRise) { out.worstRise = rise; out.step = s; }
    out.lowestCentre = Math.min(out.lowestCentre, w.bodies.position[3 * e + 1]);
    e0 = e1;
  }
  return out;
}

function check(mode: Mode, t: number): void {
  const o = throwThin(mode, t);
  expect(o.worstRise, `energy rise at step ${o.step}`).toBeLessThanOrEqual(0.01);
  expect(o.lowestCentre).toBeGreaterThan(0);
}

/** The cases run per mode, and those that still fail (see the known misses above). */
const CASES: Record<Mode, number> = { pgs: 24, mdp: 24, lcp: 6 };
const KNOWN: Record<Mode, readonly number[]> = { pgs: [], mdp: [], lcp: [] };

describe.each(['pgs', 'mdp', 'lcp'] as const)('thin bodies thrown at the ground and a static box (%s)', (mode) => {
  for (let t = 0; t < CASES[mode]; t++) {
    const what = `case ${t}: ${t % 2 === 1 ? 'thin capsule' : '699 kg thin box'}`;
    if (KNOWN[mode].includes(t)) it.fails(`${what} (known miss: energy rise, see above)`, () => check(mode, t));
    else it(what, () => check(mode, t));
  }
  // every passing case checks its centre in `check`; the known misses only this (none are left now)
  if (KNOWN[mode].length > 0) {
    it('the centre never goes below the ground, even in the known misses', () => {
      for (const t of KNOWN[mode]) expect(throwThin(mode, t).lowestCentre).toBeGreaterThan(0);
    });
  }
});

describe('the corner hit that drove a thin box 0.3 m into the ground (+1085 %) is held', () => {
  it('pgs case 36', () => check('pgs', 36));
});
