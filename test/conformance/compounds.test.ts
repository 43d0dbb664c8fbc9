/**
 * Conformance: containers with several children (compound bodies), centre-of-mass offsets and inertia
 * orientations, on this engine and on Havok (Babylon Physics V2 API only), each against a closed form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { Vector3, Quaternion } from '@babylonjs/core/Maths/math.vector.js';
import { MeshBuilder } from '@babylonjs/core/Meshes/meshBuilder.js';
import { PhysicsAggregate } from '@babylonjs/core/Physics/v2/physicsAggregate.js';
import { PhysicsMotionType, PhysicsShapeType, type PhysicsMassProperties } from '@babylonjs/core/Physics/v2/IPhysicsEnginePlugin.js';
import { PhysicsShapeBox, PhysicsShapeContainer, PhysicsShapeSphere } from '@babylonjs/core/Physics/v2/physicsShape.js';
import { PhysicsBody } from '@babylonjs/core/Physics/v2/physicsBody.js';
import { both, loadHavok, type Ctx } from './harness';

beforeAll(async () => { await loadHavok(); });

function ground(ctx: Ctx): PhysicsAggregate {
  const g = MeshBuilder.CreateBox('ground', { width: 20, height: 1, depth: 20 }, ctx.scene);
  g.position.y = -0.5;
  return new PhysicsAggregate(g, PhysicsShapeType.BOX, { mass: 0, restitution: 0 }, ctx.scene);
}

/** The inertia tensor per unit mass R diag(I) Rᵀ (row-major [9]) of Babylon mass properties: the
 * frame-independent quantity (principal axes come in any order and sign). */
function tensor(m: PhysicsMassProperties): number[] {
  // rotation matrix of the quaternion in double precision (Babylon's Matrix is float32): column k = axis k
  const { x, y, z, w } = m.inertiaOrientation!;
  const R = [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
  const d = [m.inertia!.x, m.inertia!.y, m.inertia!.z];
  const out: number[] = [];
  for (let a = 0; a < 3; a++) {
    for (let b = 0; b < 3; b++) out.push(R[3 * a] * d[0] * R[3 * b] + R[3 * a + 1] * d[1] * R[3 * b + 1] + R[3 * a + 2] * d[2] * R[3 * b + 2]);
  }
  return out;
}

describe('V2 conformance: compound bodies (containers with several children)', () => {
  it('two unit cubes side by side (children at x = ±0.5) read back as one 2 × 1 × 1 box: m = 2000 kg, I/m = (2/12, 5/12, 5/12), centre 0 (1e-9; Havok 1e-4)', () => {
    const r = both((ctx) => {
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      const c = new PhysicsShapeContainer(ctx.scene);
      for (const x of [-0.5, 0.5]) c.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(1, 1, 1), ctx.scene), new Vector3(x, 0, 0));
      body.shape = c;
      const m = body.getMassProperties();
      return [m.mass!, ...tensor(m), m.centerOfMass!.length()];
    });
    const expected = [2000, 2 / 12, 0, 0, 0, 5 / 12, 0, 0, 0, 5 / 12, 0];
    r.ecs.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-9 * Math.max(1, expected[i])));
    r.havok.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-4 * Math.max(1, expected[i])));
  });

  it('box (1 m, at x = 1) + sphere (r 0.5, at (−1, 0.5, 0)): mass, centre Σ mᵢ pᵢ / M and parallel-axis tensor as the closed form (1e-9) and as Havok (1e-4)', () => {
    const r = both((ctx) => {
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      node.position.y = 3;
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      const c = new PhysicsShapeContainer(ctx.scene);
      c.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(1, 1, 1), ctx.scene), new Vector3(1, 0, 0));
      c.addChild(new PhysicsShapeSphere(Vector3.Zero(), 0.5, ctx.scene), new Vector3(-1, 0.5, 0), Quaternion.RotationAxis(new Vector3(0, 0, 1), 0.3));
      body.shape = c;
      const m = body.getMassProperties();
      const cm = m.centerOfMass!;
      return [m.mass!, cm.x, cm.y, cm.z, ...tensor(m)];
    });
    // closed form
    const mb = 1000, ms = 1000 * (4 / 3) * Math.PI * 0.125, M = mb + ms;
    const c = [(mb * 1 + ms * -1) / M, (ms * 0.5) / M, 0];
    const db = [1 - c[0], -c[1], 0], ds = [-1 - c[0], 0.5 - c[1], 0];
    const I = [0, 0, 0, 0, 0, 0, 0, 0, 0];
    for (let a = 0; a < 3; a++) {
      for (let b = 0; b < 3; b++) {
        const own = a === b ? mb / 6 + ms * 0.1 : 0; // cube: m/6; sphere: (2/5) m r² = 0.1 m
        const pa = (d: number[], m: number): number => m * ((a === b ? d[0] ** 2 + d[1] ** 2 + d[2] ** 2 : 0) - d[a] * d[b]);
        I[3 * a + b] = (own + pa(db, mb) + pa(ds, ms)) / M;
      }
    }
    const expected = [M, ...c, ...I];
    r.ecs.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-9 * Math.max(1, Math.abs(expected[i]))));
    r.havok.forEach((v, i) => expect(Math.abs(v - expected[i])).toBeLessThan(1e-4 * Math.max(1, Math.abs(expected[i]))));
  });

  it('a table (top 2 × 0.2 × 1 on two legs 0.2 × 0.8 × 0.2 at x = ±0.8) dropped from 1.5 m rests level, its node (at the foot of the legs) at y = 0 (± 1 cm), ours and Havok', () => {
    const r = both((ctx) => {
      ground(ctx);
      const node = MeshBuilder.CreateBox('table', { size: 0.1 }, ctx.scene);
      node.position.y = 1.5;
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      const c = new PhysicsShapeContainer(ctx.scene);
      c.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(2, 0.2, 1), ctx.scene), new Vector3(0, 0.9, 0));
      for (const x of [-0.8, 0.8]) {
        c.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(0.2, 0.8, 0.2), ctx.scene), new Vector3(x, 0.4, 0));
      }
      body.shape = c;
      body.setMassProperties({ mass: 5 });
      ctx.step(150);
      const up = Vector3.TransformNormal(Vector3.Up(), node.computeWorldMatrix(true).getRotationMatrix());
      return { y: node.position.y, tilt: Math.acos(Math.min(1, up.y)) };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x.y)).toBeLessThan(0.01); // legs from the node to 0.8 above it, top 0.8 .. 1.0
      expect(x.tilt).toBeLessThan(0.01);
    }
  });

  it('a container child is a trigger: the compound keeps colliding with its solid child and reports the trigger child entering (ours and Havok)', () => {
    const r = both((ctx) => {
      ground(ctx);
      const node = MeshBuilder.CreateBox('n', { size: 0.1 }, ctx.scene);
      node.position.y = 2;
      const body = new PhysicsBody(node, PhysicsMotionType.DYNAMIC, false, ctx.scene);
      const c = new PhysicsShapeContainer(ctx.scene);
      c.addChild(new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(1, 1, 1), ctx.scene), new Vector3(0, 0.5, 0));
      // a trigger foot reaching 0.3 m below the solid box, into the ground
      const sensor = new PhysicsShapeBox(Vector3.Zero(), Quaternion.Identity(), new Vector3(0.4, 0.4, 0.4), ctx.scene);
      sensor.isTrigger = true;
      c.addChild(sensor, new Vector3(0, -0.1, 0));
      body.shape = c;
      body.setMassProperties({ mass: 1 });
      const types: string[] = [];
      ctx.plugin.onTriggerCollisionObservable.add((e) => types.push(e.type));
      ctx.step(120);
      return { y: node.position.y, types };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(Math.abs(x.y)).toBeLessThan(0.01); // the solid child rests on the ground, the trigger child passes into it
      expect(x.types[0]).toBe('TRIGGER_ENTERED');
    }
  });
});

describe('V2 conformance: centre of mass and inertia orientation', () => {
  it('a sphere with its centre of mass 0.3 m off-centre rolls until the centre of mass is straight below the centre (node +x points down, ± 0.03), resting at y = 0.5', () => {
    const r = both((ctx) => {
      ground(ctx);
      const s = MeshBuilder.CreateSphere('s', { diameter: 1 }, ctx.scene);
      s.position.y = 0.5;
      const a = new PhysicsAggregate(s, PhysicsShapeType.SPHERE, { mass: 1, restitution: 0 }, ctx.scene);
      a.body.setMassProperties({ mass: 1, centerOfMass: new Vector3(0.3, 0, 0) });
      a.body.setAngularDamping(1);
      const com = a.body.getMassProperties().centerOfMass!.clone();
      ctx.step(480);
      const xAxis = Vector3.TransformNormal(new Vector3(1, 0, 0), s.computeWorldMatrix(true).getRotationMatrix());
      return { down: -xAxis.y, y: s.position.y, com: com.x };
    });
    for (const x of [r.ecs, r.havok]) {
      expect(x.com).toBeCloseTo(0.3, 6); // Havok stores float32
      expect(x.down).toBeGreaterThan(0.97);
      expect(Math.abs(x.y - 0.5)).toBeLessThan(0.01);
    }
  });

  it('inertiaOrientation turns the principal axes: an angular impulse L about world x gives ω = R diag(1/(m i)) Rᵀ L (1e-6, ours and Havok)', () => {
    const q = Quaternion.RotationAxis(new Vector3(0, 0, 1), Math.PI / 6);
    const inertia = new Vector3(0.1, 0.4, 0.3);
    const r = both((ctx) => {
      ctx.scene.getPhysicsEngine()!.setGravity(Vector3.Zero());
      const b = MeshBuilder.CreateBox('b', { size: 1 }, ctx.scene);
      const a = new PhysicsAggregate(b, PhysicsShapeType.BOX, { mass: 2 }, ctx.scene);
      a.body.setAngularDamping(0);
      a.body.setMassProperties({ mass: 2, inertia, inertiaOrientation: q });
      a.body.applyAngularImpulse(new Vector3(1, 0, 0));
      const w = new Vector3();
      a.body.getAngularVelocityToRef(w);
      const m = a.body.getMassProperties();
      return [w.x, w.y, w.z, m.inertiaOrientation!.z, m.inertiaOrientation!.w];
    });
    // ω = R D⁻¹ Rᵀ L with R the rotation by 30° about z, D = m i
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    const lb = [c * 1, -s * 1, 0]; // Rᵀ L
    const wb = [lb[0] / (2 * 0.1), lb[1] / (2 * 0.4), 0];
    const expected = [c * wb[0] - s * wb[1], s * wb[0] + c * wb[1], 0, q.z, q.w];
    r.ecs.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 6));
    r.havok.forEach((v, i) => expect(v).toBeCloseTo(expected[i], 4));
  });
});

describe('V2 conformance: trigger pairs', () => {
  it('two triggers report each other: a falling trigger box passes a static trigger box, ENTERED then EXITED with the moving one as collider (ours and Havok)', () => {
    const r = both((ctx) => {
      const t = MeshBuilder.CreateBox('static trigger', { size: 1 }, ctx.scene);
      const ta = new PhysicsAggregate(t, PhysicsShapeType.BOX, { mass: 0, isTriggerShape: true }, ctx.scene);
      const f = MeshBuilder.CreateBox('falling trigger', { size: 1 }, ctx.scene);
      f.position.y = 3;
      const fa = new PhysicsAggregate(f, PhysicsShapeType.BOX, { mass: 1, isTriggerShape: true }, ctx.scene);
      const ev: string[] = [];
      ctx.plugin.onTriggerCollisionObservable.add((e) => ev.push(`${e.type} ${e.collider === fa.body} ${e.collidedAgainst === ta.body}`));
      ctx.step(90);
      return ev;
    });
    expect(r.ecs).toEqual(['TRIGGER_ENTERED true true', 'TRIGGER_EXITED true true']);
    expect(r.havok).toEqual(r.ecs);
  });

  it('an ANIMATED body (a trigger, then a solid box) moved through a static trigger at 2 m/s reports ENTERED then EXITED, the animated one as collider (ours and Havok)', () => {
    for (const animatedIsTrigger of [true, false]) {
      const r = both((ctx) => {
        const t = MeshBuilder.CreateBox('static trigger', { size: 1 }, ctx.scene);
        const ta = new PhysicsAggregate(t, PhysicsShapeType.BOX, { mass: 0, isTriggerShape: true }, ctx.scene);
        const k = MeshBuilder.CreateBox('animated', { size: 1 }, ctx.scene);
        k.position.y = 3;
        const ka = new PhysicsAggregate(k, PhysicsShapeType.BOX, { mass: 1, isTriggerShape: animatedIsTrigger }, ctx.scene);
        ka.body.setMotionType(PhysicsMotionType.ANIMATED);
        ka.body.setLinearVelocity(new Vector3(0, -2, 0));
        const ev: string[] = [], ys: number[] = [];
        ctx.plugin.onTriggerCollisionObservable.add((e) => {
          ev.push(`${e.type} ${e.collider === ka.body} ${e.collidedAgainst === ta.body}`);
          ys.push(k.position.y);
        });
        ctx.step(180);
        return { ev, ys };
      });
      for (const x of [r.ecs, r.havok]) {
        expect(x.ev).toEqual(['TRIGGER_ENTERED true true', 'TRIGGER_EXITED true true']);
        // enters when the boxes meet (y = 1), leaves when they part (y = −1), within 2 steps of travel (± 7 cm)
        expect(Math.abs(x.ys[0] - 1)).toBeLessThan(0.07);
        expect(Math.abs(x.ys[1] + 1)).toBeLessThan(0.07);
      }
    }
  });
});
