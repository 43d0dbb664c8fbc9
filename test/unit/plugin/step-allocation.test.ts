/**
 * Does the step allocate once warmed up? The project's rule: the step allocates nothing. Box3D's mixed
 * pile (boxes and spheres in a walled bin: box–box with face and edge contacts, sphere–sphere,
 * sphere–box, the manifolds' block solve, body integration) and its 20-row pyramid (a broadphase whose
 * fattened AABBs are left now and then), sleeping off, measured as the growth of V8's young generation
 * per step (median of batches, batches with a minor collection left out, less an empty function's). A
 * control that also allocates a small array per step shows the measurement sees an allocation of that
 * size.
 *
 * "Warmed up" means the step's functions run optimised. A function called once per step (the step's
 * driver, the world checks, the solver's per-step setup) is optimised only after thousands of steps,
 * and until then each number it computes is a new boxed number: about 120 bytes per step, whatever the
 * scene's size. The bound is therefore 256 bytes per step on scenes of 400 and 210 bodies (before the
 * allocation fixes: about 14 KB per step on both), and a scene that is over it is stepped further (up to
 * three times 300 steps: under load, V8's optimising compiler runs late) before it counts as failing.
 */
import { describe, expect, it } from 'vitest';
import { bytesPerCall } from '../../fixtures/young-generation';
import { createPhysicsWorld, stepWorld, type PhysicsWorld } from '../../../plugin/index';
import { buildBox3dPile, buildBox3dPyramid } from '../../../scenes/box3d-benchmark';

function scene(build: (w: PhysicsWorld) => void): PhysicsWorld {
  const w = createPhysicsWorld({ sleep: false });
  build(w);
  for (let i = 0; i < 300; i++) stepWorld(w, 1 / 60);
  return w;
}

/** Bytes per step of `w` once warmed up: measured, and re-measured after 300 more steps (up to three
 * times) while it is not below `bound`. */
function bytesPerStep(w: PhysicsWorld, batch: number, bound: number): number {
  let bytes = bytesPerCall(() => stepWorld(w, 1 / 60), batch);
  for (let round = 0; round < 3 && !(bytes < bound); round++) {
    for (let i = 0; i < 300; i++) stepWorld(w, 1 / 60);
    bytes = bytesPerCall(() => stepWorld(w, 1 / 60), batch);
  }
  return bytes;
}

describe('the step allocates nothing once warmed up', () => {
  const pile = scene((w) => buildBox3dPile(w, 400));
  const pyramid = scene((w) => { buildBox3dPyramid(w, 20); });

  it('the measurement sees a step that also allocates one small array (≥ 24 B per step)', () => {
    // a typed array in a ring of slots, as the query test's control (an array literal was not always seen)
    const keep = new Array<Float64Array>(64);
    const control = bytesPerCall((i) => { stepWorld(pile, 1 / 60); keep[i & 63] = new Float64Array(2); }, 5);
    const plain = bytesPerCall(() => stepWorld(pile, 1 / 60), 5);
    expect(control - plain, `control ${control} B, step ${plain} B`).toBeGreaterThan(24);
  });

  it("Box3D's pile of 400 boxes and spheres and its 20-row pyramid: under 256 bytes per step", () => {
    const bPile = bytesPerStep(pile, 5, 256);
    const bPyramid = bytesPerStep(pyramid, 10, 256);
    expect(bPile, `pile ${bPile} B per step`).toBeLessThan(256);
    expect(bPyramid, `pyramid ${bPyramid} B per step`).toBeLessThan(256);
  });
});
