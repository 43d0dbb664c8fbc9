/**
 * Support projection (`systems/solve/pgs/support-projection.ts`, fast mode, experiment switch
 * `supportProjection`). Second method: the geometry measured again by the next step's narrowphase (the
 * contact store's separations are the distances between the poses the projection left), and the bodies'
 * velocities, which a position projection must not change.
 */
import { describe, expect, it } from 'vitest';
import {
  createPhysicsWorld, getLinearVelocity, getPosition, stepWorld, type PhysicsWorldOptions,
} from '../../../../../plugin/index';
import { buildStack } from '../../../../../scenes/stack';
import { WorldInputError } from '../../../../../plugin/errors';
import { PROJECTION_SLOP } from '../../../../../systems/solve/pgs/support-projection';

const dt = 1 / 60;
const ON: PhysicsWorldOptions = { sleep: false, experiments: { supportProjection: true } };

/** Deepest overlap among the contact store's points (unit: m, ≥ 0). */
function deepest(w: ReturnType<typeof createPhysicsWorld>): number {
  const c = w.contacts;
  let d = 0;
  for (let m = 0; m < c.count; m++) for (let k = 0; k < c.pointCount[m]; k++) d = Math.max(d, -c.separation[4 * m + k]);
  return d;
}

describe('support projection (fast mode experiment)', () => {
  it('a 20-cube stack: no point deeper than the slop at the end of any of the first 60 steps (without it: 1.4 mm)', () => {
    const w = createPhysicsWorld(ON);
    buildStack(w, { count: 20 });
    const off = createPhysicsWorld({ sleep: false });
    buildStack(off, { count: 20 });
    let worst = 0, worstOff = 0;
    for (let i = 0; i < 60; i++) {
      stepWorld(w, dt);
      stepWorld(off, dt);
      if (i > 0) { worst = Math.max(worst, deepest(w)); worstOff = Math.max(worstOff, deepest(off)); }
    }
    // the narrowphase measures from the end-of-step poses with the normal of that moment; the
    // projection moved along the step's start normal: the two agree to well below a micrometre here
    expect(worst).toBeLessThan(PROJECTION_SLOP + 1e-6);
    expect(worstOff).toBeGreaterThan(1e-3);
  });

  it('moves only positions: on the first step it moves a cube of a 5-cube stack, every velocity is the one the solver left', () => {
    const make = (o: PhysicsWorldOptions) => {
      const w = createPhysicsWorld(o);
      // the lower cubes' rows compress by 0.3–0.6 mm under the load: overlap for the projection to remove
      return { w, bodies: buildStack(w, { count: 5 }).bodies };
    };
    const on = make(ON), off = make({ sleep: false });
    // identical until a projection moves a cube: on that step the velocities are still the same
    let moved = false;
    for (let i = 0; i < 30 && !moved; i++) {
      stepWorld(on.w, dt);
      stepWorld(off.w, dt);
      moved = on.bodies.some((b, k) => getPosition(on.w, b)[1] !== getPosition(off.w, off.bodies[k])[1]);
      if (moved) {
        on.bodies.forEach((b, k) => {
          expect(getPosition(on.w, b)[1]).toBeGreaterThanOrEqual(getPosition(off.w, off.bodies[k])[1]);
          expect(getLinearVelocity(on.w, b)).toEqual(getLinearVelocity(off.w, off.bodies[k]));
        });
      }
    }
    expect(moved).toBe(true);
  });

  it('rejects a non-boolean switch with a typed error', () => {
    expect(() => createPhysicsWorld({ experiments: { supportProjection: 'yes' as unknown as boolean } })).toThrow(WorldInputError);
  });
});
