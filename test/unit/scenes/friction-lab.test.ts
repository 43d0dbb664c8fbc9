/**
 * The friction lab (scenes/friction-lab.ts): the same throws in a Coulomb world and a
 * maximum-dissipation world. After 5 s every rod rests more than 10 cm or 10° away from its twin,
 * while the control spheres (uncoupled contacts, where the two laws coincide) agree to 1e-9. Also:
 * the two worlds start identical, and no rod touches another body (each ends where it ends alone),
 * so every rod's difference comes from its own contacts with the ground.
 */

import { describe, expect, it } from 'vitest';
import { createPhysicsWorld } from '../../../plugin/world';
import { stepWorld } from '../../../plugin/step';
import {
  buildFrictionLab, createFrictionLab, frictionLabDifference, frictionLabSpec, frictionLabWorldOptions, headingDifference,
  LAB_LAWS, LAB_SETTLE_STEPS, LAB_SPHERE_RADIUS, LAB_TIME_STEP, ROD_HALF_EXTENTS, type FrictionLab,
} from '../../../scenes/friction-lab';
import '../../../plugin/max-dissipation'; // registers the exact friction solve ('max-dissipation')

/** A rod differs when its centres are this far apart (unit: m)… */
const ROD_DISTANCE_MARGIN = 0.1;
/** …or its headings this far (unit: rad; 10°). */
const ROD_HEADING_MARGIN = (10 * Math.PI) / 180;
/** The control spheres agree to this (unit: m for positions, dimensionless for quaternions). */
const SPHERE_TOLERANCE = 1e-9;
/** A body is at rest when no point of it moves faster than this (unit: m/s). */
const REST_SPEED = 0.01;

function stepBoth(lab: FrictionLab, steps: number): void {
  for (let i = 0; i < steps; i++) {
    stepWorld(lab.coulomb.world, LAB_TIME_STEP);
    stepWorld(lab.maxDissipation.world, LAB_TIME_STEP);
  }
}

/** Bound on the fastest point of each body: |v| + |ω| · (bounding radius) (unit: m/s). */
function pointSpeeds(lab: FrictionLab): number[] {
  const out: number[] = [];
  const rodRadius = Math.hypot(...ROD_HALF_EXTENTS);
  for (const side of [lab.coulomb, lab.maxDissipation]) {
    const { linearVelocity: v, angularVelocity: w } = side.world.bodies;
    const bodies: [number, number][] = [
      ...side.scene.rods.map((e): [number, number] => [e, rodRadius]),
      ...side.scene.spheres.map((e): [number, number] => [e, LAB_SPHERE_RADIUS]),
    ];
    for (const [e, radius] of bodies) {
      out.push(Math.hypot(v[3 * e], v[3 * e + 1], v[3 * e + 2]) + radius * Math.hypot(w[3 * e], w[3 * e + 1], w[3 * e + 2]));
    }
  }
  return out;
}

describe('friction lab: Coulomb vs maximum dissipation', () => {
  it('builds the same bodies in both worlds, with only the friction law different', () => {
    const lab = createFrictionLab();
    expect(lab.coulomb.world.solver.kind).toBe('pgs');
    expect(lab.maxDissipation.world.solver.kind).toBe('pgs');
    expect(frictionLabWorldOptions('coulomb')).toMatchObject({ friction: 'coulomb', pgs: { blockSolve: 'exact' } });
    expect(frictionLabWorldOptions('max-dissipation')).toMatchObject({ friction: 'max-dissipation' });
    expect(LAB_LAWS).toEqual(['coulomb', 'max-dissipation']);
    const spec = frictionLabSpec();
    expect(lab.coulomb.scene.rods).toHaveLength(spec.rods.length);
    expect(lab.coulomb.scene.spheres).toHaveLength(2);
    expect(lab.maxDissipation.scene.rods).toEqual(lab.coulomb.scene.rods);
    const d = frictionLabDifference(lab);
    for (const x of [...d.rodDistance, ...d.rodHeading, ...d.sphereDistance, ...d.sphereOrientation]) expect(x).toBe(0);
    // Every rod starts with its lowest edge on (or above) the ground, not in it.
    const p = lab.coulomb.world.bodies.position;
    for (const e of lab.coulomb.scene.rods) expect(p[3 * e + 1]).toBeGreaterThan(0.06);
  });

  it(`after ${LAB_SETTLE_STEPS} steps everything rests; rods differ by > 10 cm or > 10°, spheres agree to 1e-9`, () => {
    const lab = createFrictionLab();
    stepBoth(lab, LAB_SETTLE_STEPS);
    for (const s of pointSpeeds(lab)) expect(s).toBeLessThan(REST_SPEED);
    const d = frictionLabDifference(lab);
    d.rodDistance.forEach((dist, i) => {
      const name = lab.coulomb.scene.spec.rods[i].name;
      expect(dist > ROD_DISTANCE_MARGIN || d.rodHeading[i] > ROD_HEADING_MARGIN, `${name}: ${dist} m, ${d.rodHeading[i]} rad`).toBe(true);
    });
    // Not a fluke of one rod: the rods differ by at least 25 cm and 20° on average.
    const mean = (a: number[]): number => a.reduce((x, y) => x + y, 0) / a.length;
    expect(mean(d.rodDistance)).toBeGreaterThan(0.25);
    expect(mean(d.rodHeading)).toBeGreaterThan((20 * Math.PI) / 180);
    for (const x of [...d.sphereDistance, ...d.sphereOrientation]) expect(x).toBeLessThan(SPHERE_TOLERANCE);
    // The control did something: the rolled sphere knocked the resting one away.
    const e = lab.coulomb.scene.spheres[0];
    const start = lab.coulomb.scene.spec.spheres[0].position;
    const p = lab.coulomb.world.bodies.position;
    expect(Math.hypot(p[3 * e] - start[0], p[3 * e + 2] - start[2])).toBeGreaterThan(0.2);
    // Nothing went through the ground: rods lie on it (half thickness 0.06 m), spheres on it (radius 0.25 m).
    for (const side of [lab.coulomb, lab.maxDissipation]) {
      const q = side.world.bodies.position;
      for (const r of side.scene.rods) expect(q[3 * r + 1]).toBeGreaterThan(0.055);
      for (const s of side.scene.spheres) expect(q[3 * s + 1]).toBeGreaterThan(0.245);
    }
  });

  it('no rod touches another body: each rod ends exactly where it ends when thrown alone', () => {
    const lab = createFrictionLab();
    stepBoth(lab, LAB_SETTLE_STEPS);
    const spec = frictionLabSpec();
    for (const side of [lab.coulomb, lab.maxDissipation]) {
      spec.rods.forEach((rod, i) => {
        const world = createPhysicsWorld(frictionLabWorldOptions(side.law));
        const alone = buildFrictionLab(world, { rods: [rod], spheres: [] });
        for (let k = 0; k < LAB_SETTLE_STEPS; k++) stepWorld(world, LAB_TIME_STEP);
        const a = world.bodies.position, b = side.world.bodies.position;
        const ea = alone.rods[0], eb = side.scene.rods[i];
        for (let k = 0; k < 3; k++) expect(a[3 * ea + k], `${side.law} ${rod.name}`).toBe(b[3 * eb + k]);
      });
    }
  });

  it('headingDifference treats a rod as an undirected line', () => {
    expect(headingDifference(0, Math.PI)).toBeCloseTo(0, 12);
    expect(headingDifference(0.1, -0.1)).toBeCloseTo(0.2, 12);
    expect(headingDifference(Math.PI / 2, -Math.PI / 2)).toBeCloseTo(0, 12);
    expect(headingDifference(0, (3 * Math.PI) / 4)).toBeCloseTo(Math.PI / 4, 12);
  });
});
