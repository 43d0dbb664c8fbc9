/**
 * A symmetric landing stays symmetric (issue 15, item 1). A cube (1 m) and a thin plate (1 × 0.02 × 1 m)
 * dropped flat onto a slab, from 1 m and at 140 m/s, with restitution 0 and 0.5: by symmetry every
 * contact impulse is vertical and the four corners share the load equally, so the body must end at rest
 * on the slab exactly where it fell, without spin. Checked after 3 s: horizontal offset and speed and
 * angular speed all below 1e-6 (m, m/s, rad/s), in every solver mode.
 *
 * The exact 3×3 block sweep (max-dissipation law, or `blockSolve: 'exact'`) used to take the impact
 * corner by corner: the cube from 1 m ended 29 mm sideways with up to 0.95 rad/s of spin, and at
 * 140 m/s it left the slab sideways at 21 m/s. It now solves the normal rows of each manifold not at
 * rest as one LCP before the points' blocks, and the restitution pass likewise.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld, type PhysicsWorldOptions,
} from '../../plugin/index';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

const MODES: Array<[string, PhysicsWorldOptions]> = [
  ['fast, Coulomb', {}],
  ['fast, max-dissipation', { friction: 'max-dissipation' }],
  ['fast, exact blocks, Coulomb', { pgs: { blockSolve: 'exact' } }],
  ['accurate', { solver: 'lcp' }],
];

const BODIES: Array<[string, [number, number, number]]> = [
  ['cube', [0.5, 0.5, 0.5]],
  ['plate', [0.5, 0.01, 0.5]],
];

const DROPS: Array<[string, number, number, number]> = [
  // name, height of the bottom face above the slab (m), initial vertical speed (m/s), restitution
  ['from 1 m', 1, 0, 0],
  ['from 1 m, e = 0.5', 1, 0, 0.5],
  ['at 140 m/s', 1, -140, 0],
];

describe('flat drop: no horizontal motion, no spin (1e-6)', () => {
  for (const [mode, options] of MODES) {
    for (const [body, half] of BODIES) {
      for (const [drop, height, speed, e] of DROPS) {
        it(`${mode}: ${body} ${drop}`, () => {
          const w = createPhysicsWorld(options);
          addBody(w, { type: 'static', position: [0, -0.25, 0], collider: { shape: 'box', halfExtents: [2, 0.25, 2], restitution: e } });
          const b = addBody(w, {
            position: [0, half[1] + height, 0], linearVelocity: [0, speed, 0],
            collider: { shape: 'box', halfExtents: half, restitution: e },
          });
          for (let i = 0; i < 180; i++) stepWorld(w, 1 / 60);
          const p = getPosition(w, b), v = getLinearVelocity(w, b), om = getAngularVelocity(w, b);
          expect(Math.hypot(p[0], p[2])).toBeLessThan(1e-6);
          expect(Math.hypot(v[0], v[2])).toBeLessThan(1e-6);
          expect(Math.hypot(om[0], om[1], om[2])).toBeLessThan(1e-6);
          // at rest on the slab (the fast mode's soft contact sinks it by about 0.1 mm)
          expect(Math.abs(p[1] - half[1])).toBeLessThan(1e-3);
          expect(Math.abs(v[1])).toBeLessThan(1e-6);
        });
      }
    }
  }
});
