/**
 * A symmetric landing stays symmetric (issue 15, item 1). A cube (1 m) and a thin plate (1 × 0.02 × 1 m)
 * dropped flat onto a slab, from 1 m and at 140 m/s, with restitution 0 and 0.5: by symmetry every
 * contact impulse is vertical and the four corners share the load equally, so the body must end at rest
 * on the slab exactly where it fell, without spin. Checked after 3 s: horizontal offset and speed and
 * angular speed all below 1e-6 (m, m/s, rad/s), in every solver mode.
 *
 * Known miss (it.fails): the max-dissipation law (exact 3×3 block sweep) takes the impact corner by
 * corner: the cube from 1 m ends 29 mm sideways with up to 0.95 rad/s of spin, and at 140 m/s it leaves
 * the slab sideways at 21 m/s.
 */
import { describe, expect, it } from 'vitest';
import {
  addBody, createPhysicsWorld, getAngularVelocity, getLinearVelocity, getPosition, stepWorld, type PhysicsWorldOptions,
} from '../../plugin/index';
import '../../plugin/accurate'; // registers the accurate solver 'lcp'

// name, options, known miss (issue 15 item 1: the exact 3×3 block sweep takes a flat landing corner by
// corner; a fix that solves each manifold's normal rows as one block first brought every case below
// to ≤ 5e-14 but did not fit the default entry's 45 KB bundle budget, so it is not in yet)
const MODES: Array<[string, PhysicsWorldOptions, boolean]> = [
  ['fast, Coulomb', {}, false],
  ['fast, max-dissipation', { friction: 'max-dissipation' }, true],
  ['fast, exact blocks, Coulomb', { pgs: { blockSolve: 'exact' } }, true],
  ['accurate', { solver: 'lcp' }, false],
];
import '../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

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
  for (const [mode, options, miss] of MODES) {
    for (const [body, half] of BODIES) {
      for (const [drop, height, speed, e] of DROPS) {
        (miss ? it.fails : it)(`${mode}: ${body} ${drop}`, () => {
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
