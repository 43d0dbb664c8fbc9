/**
 * Hand-built ConstraintProblem / SolverBodies for the PLUS validation tests (test-only helpers; they
 * allocate freely). The rows are filled exactly as `systems/assembly/assembly.ts` fills them:
 * normal n from A to B, tangents from `tangentBasis(n)`, angular Jacobians r × d and I⁻¹(r × d) with
 * the world inverse inertia R diag(1/I) Rᵀ. World frame, SI units.
 */
import { createConstraintProblem, ensureConstraintCapacity, type ConstraintProblem } from '../../systems/assembly/constraint-problem';
import { createJointProblem } from '../../systems/assembly/joint-rows';
import type { SolverProblem } from '../../systems/solve/constraint-solver';
import { createSolverBodies, ensureSolverBodiesCapacity, type SolverBodies } from '../../systems/assembly/solver-bodies';
import { cross3, tangentBasis } from '../../math/vec3';
import { mat3MulVec } from '../../math/mat3';

export type V3 = [number, number, number];
/** Row-major 3 × 3. */
export type M3 = [number, number, number, number, number, number, number, number, number];

export interface BodySpec {
  /** kg; Infinity (or omitted) = static. */
  mass?: number;
  /** Principal moments (kg·m², body axes). */
  inertia?: V3;
  /** Body-to-world rotation, row-major (default identity). */
  rotation?: M3;
  /** Centre of mass (m). */
  position?: V3;
  v?: V3;
  w?: V3;
}

export interface ContactSpec {
  a: number;
  b: number;
  /** World contact point (m). */
  point: V3;
  /** Unit normal from A to B. */
  normal: V3;
  /** Separation at the step start (m, default 0). */
  separation?: number;
  mu?: number;
  /** e_max (the collider restitution). */
  e?: number;
  eMin?: number;
  vCapture?: number;
  vPlastic?: number;
}

export interface Scene {
  bodies: SolverBodies;
  problem: ConstraintProblem;
  spec: BodySpec[];
}

export const IDENTITY: M3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

export function rotX(a: number): M3 {
  const c = Math.cos(a), s = Math.sin(a);
  return [1, 0, 0, 0, c, -s, 0, s, c];
}
export function rotY(a: number): M3 {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, 0, s, 0, 1, 0, -s, 0, c];
}
export function rotZ(a: number): M3 {
  const c = Math.cos(a), s = Math.sin(a);
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}
export function matMul(a: M3, b: M3): M3 {
  const r = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) r[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return r as M3;
}
export function matVec(a: M3, v: V3): V3 {
  return [
    a[0] * v[0] + a[1] * v[1] + a[2] * v[2],
    a[3] * v[0] + a[4] * v[1] + a[5] * v[2],
    a[6] * v[0] + a[7] * v[1] + a[8] * v[2],
  ];
}

export function buildScene(spec: BodySpec[], contacts: ContactSpec[]): Scene {
  const n = spec.length;
  const bodies = createSolverBodies(4);
  ensureSolverBodiesCapacity(bodies, n, n);
  bodies.count = n;
  for (let i = 0; i < n; i++) {
    const s = spec[i];
    const m = s.mass ?? Infinity;
    const dynamic = Number.isFinite(m);
    bodies.entity[i] = i;
    bodies.indexOfEntity[i] = i;
    bodies.motionType[i] = dynamic ? 0 : 2;
    bodies.invMass[i] = dynamic ? 1 / m : 0;
    const R = s.rotation ?? IDENTITY;
    const I = s.inertia ?? [1, 1, 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        let acc = 0;
        if (dynamic) for (let k = 0; k < 3; k++) acc += R[3 * r + k] * (1 / I[k]) * R[3 * c + k];
        bodies.invInertia[9 * i + 3 * r + c] = acc;
      }
    }
    const v = dynamic ? (s.v ?? [0, 0, 0]) : [0, 0, 0];
    const w = dynamic ? (s.w ?? [0, 0, 0]) : [0, 0, 0];
    bodies.v.set(v, 3 * i);
    bodies.w.set(w, 3 * i);
    bodies.dp.fill(0, 3 * i, 3 * i + 3);
    bodies.dq.set([0, 0, 0, 1], 4 * i);
  }
  const p = createConstraintProblem(4);
  ensureConstraintCapacity(p, contacts.length);
  p.contactCount = contacts.length;
  contacts.forEach((ct, c) => {
    p.bodyA[c] = ct.a;
    p.bodyB[c] = ct.b;
    p.storeIndex[c] = c;
    const d9 = 9 * c, c3 = 3 * c;
    p.direction.set(ct.normal, d9);
    tangentBasis(p.direction, d9, p.direction, d9 + 3, p.direction, d9 + 6);
    const pa = spec[ct.a].position ?? [0, 0, 0], pb = spec[ct.b].position ?? [0, 0, 0];
    for (let x = 0; x < 3; x++) {
      p.rA[c3 + x] = ct.point[x] - pa[x];
      p.rB[c3 + x] = ct.point[x] - pb[x];
    }
    for (let d = 0; d < 3; d++) {
      const o = d9 + 3 * d;
      cross3(p.angularA, o, p.rA, c3, p.direction, o);
      cross3(p.angularB, o, p.rB, c3, p.direction, o);
      mat3MulVec(p.invInertiaAngularA, o, bodies.invInertia, 9 * ct.a, p.angularA, o);
      mat3MulVec(p.invInertiaAngularB, o, bodies.invInertia, 9 * ct.b, p.angularB, o);
    }
    const nrm = ct.normal;
    p.baseSeparation[c] = (ct.separation ?? 0)
      - (nrm[0] * (p.rB[c3] - p.rA[c3]) + nrm[1] * (p.rB[c3 + 1] - p.rA[c3 + 1]) + nrm[2] * (p.rB[c3 + 2] - p.rA[c3 + 2]));
    p.friction[c] = ct.mu ?? 0;
    p.restitution[c] = ct.e ?? 0;
    p.minRestitution[c] = ct.eMin ?? 1;
    p.captureVelocity[c] = ct.vCapture ?? 0.01;
    p.plasticVelocity[c] = ct.vPlastic ?? 0.1;
    p.impulse.fill(0, c3, c3 + 3);
  });
  return { bodies, problem: p, spec };
}

/** Linear velocity of body i. */
export function vel(s: Scene, i: number): V3 {
  return [s.bodies.v[3 * i], s.bodies.v[3 * i + 1], s.bodies.v[3 * i + 2]];
}
/** Angular velocity of body i. */
export function omega(s: Scene, i: number): V3 {
  return [s.bodies.w[3 * i], s.bodies.w[3 * i + 1], s.bodies.w[3 * i + 2]];
}

/** Total kinetic energy ½ Σ (m v² + ωᵀ I_world ω) of the dynamic bodies (J). */
export function kineticEnergy(s: Scene): number {
  let t = 0;
  s.spec.forEach((b, i) => {
    const m = b.mass ?? Infinity;
    if (!Number.isFinite(m)) return;
    const v = vel(s, i), w = omega(s, i);
    t += 0.5 * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    const R = b.rotation ?? IDENTITY, I = b.inertia ?? [1, 1, 1];
    // ωᵀ R diag(I) Rᵀ ω
    const wb = [0, 0, 0];
    for (let k = 0; k < 3; k++) wb[k] = R[k] * w[0] + R[3 + k] * w[1] + R[6 + k] * w[2];
    t += 0.5 * (I[0] * wb[0] * wb[0] + I[1] * wb[1] * wb[1] + I[2] * wb[2] * wb[2]);
  });
  return t;
}

/** World velocity of B's material point relative to A's at contact c (m/s). */
export function contactVelocity(s: Scene, c: number): V3 {
  const p = s.problem, b = s.bodies;
  const ia = p.bodyA[c], ib = p.bodyB[c];
  const out: V3 = [0, 0, 0];
  const ra = [p.rA[3 * c], p.rA[3 * c + 1], p.rA[3 * c + 2]];
  const rb = [p.rB[3 * c], p.rB[3 * c + 1], p.rB[3 * c + 2]];
  const pv = (i: number, r: number[]): V3 => {
    const v = [b.v[3 * i], b.v[3 * i + 1], b.v[3 * i + 2]], w = [b.w[3 * i], b.w[3 * i + 1], b.w[3 * i + 2]];
    return [v[0] + w[1] * r[2] - w[2] * r[1], v[1] + w[2] * r[0] - w[0] * r[2], v[2] + w[0] * r[1] - w[1] * r[0]];
  };
  const va = pv(ia, ra), vb = pv(ib, rb);
  for (let x = 0; x < 3; x++) out[x] = vb[x] - va[x];
  return out;
}

/** Normal relative velocity at contact c (m/s, < 0 approaching). */
export function normalVelocity(s: Scene, c: number): number {
  const v = contactVelocity(s, c), d = s.problem.direction;
  return v[0] * d[9 * c] + v[1] * d[9 * c + 1] + v[2] * d[9 * c + 2];
}

/** World impulse vector applied at contact c from the (n, t1, t2) components (N·s). */
export function worldImpulse(s: Scene, imp: Float64Array, c: number): V3 {
  const d = s.problem.direction, out: V3 = [0, 0, 0];
  for (let k = 0; k < 3; k++) for (let x = 0; x < 3; x++) out[x] += imp[3 * c + k] * d[9 * c + 3 * k + x];
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The paper's scenes (Uchida, Sherman & Delp 2015 §4, Table A1). z is up in the paper; the rows do not care
// which axis is up, so the scenes are built z-up exactly as printed. Body 0 is the static ground.
// ---------------------------------------------------------------------------------------------------

/** Table A1 brick: 2 kg, diag(0.167, 0.133, 0.0867) kg·m², 0.4 × 0.6 × 0.8 m, vertex spheres r = 0.1 m. */
export const BRICK = { mass: 2, inertia: [0.167, 0.133, 0.0867] as V3, half: [0.2, 0.3, 0.4] as V3, sphere: 0.1 };

/**
 * Example 1 (§4a): the brick, rotated π/4 about x then π/6 about y (body-fixed, R = Rx·Ry), hits the
 * ground with its lowest vertex sphere, v = (−5, 0, −5.74) m/s, ω = 0; v_capture 0.01, v_plastic 0.1,
 * e_max 1 (Fig. 2 line from (0, 1)). `yaw` rotates the whole scene about z (frame-invariance test).
 */
export function example1(mu: number, eMin: number, yaw = 0): Scene {
  const Y = rotZ(yaw);
  const R = matMul(Y, matMul(rotX(Math.PI / 4), rotY(Math.PI / 6)));
  const rb = matVec(R, [0.2, -0.3, -0.4]);
  const r: V3 = [rb[0], rb[1], rb[2] - BRICK.sphere];
  return buildScene(
    [{}, { mass: BRICK.mass, inertia: BRICK.inertia, rotation: R, v: matVec(Y, [-5, 0, -5.74]) }],
    [{ a: 0, b: 1, point: r, normal: [0, 0, 1], mu, e: 1, eMin, vCapture: 0.01, vPlastic: 0.1 }],
  );
}

/** Example 2 (§4b): identity orientation, 0.4 × 0.6 face down, the four vertex spheres touch the ground
 * at (±0.2, ±0.3, −0.5) m from the COM; v = (−2, 0, −8.84) m/s, μ = 0.2, e_min = 0.414. Points 0, 1 lead
 * (x = −0.2, the side towards which the brick slides). */
export function example2(): Scene {
  const pts: V3[] = [[-0.2, -0.3, -0.5], [-0.2, 0.3, -0.5], [0.2, -0.3, -0.5], [0.2, 0.3, -0.5]];
  return buildScene(
    [{}, { mass: BRICK.mass, inertia: BRICK.inertia, v: [-2, 0, -8.84] }],
    pts.map((p) => ({ a: 0, b: 1, point: p, normal: [0, 0, 1] as V3, mu: 0.2, e: 1, eMin: 0.414, vCapture: 0.01, vPlastic: 0.1 })),
  );
}

/**
 * Example 3 (§4c): five frictionless balls, r = 0.25 m, 1 kg, in a touching row along x; ball 1 (index 0)
 * is rightmost and the velocities are along x. Contact i joins ball i (A) and ball i + 1 (B), normal −x.
 */
export function ballRow(vx: number[], e: number): Scene {
  const r = 0.25;
  const spec = vx.map((v, i) => ({
    mass: 1, inertia: [0.025, 0.025, 0.025] as V3, position: [(4 - i) * 2 * r, 0, 0] as V3, v: [v, 0, 0] as V3,
  }));
  const contacts = [0, 1, 2, 3].map((i) => ({
    a: i, b: i + 1, point: [(4 - i) * 2 * r - r, 0, 0] as V3, normal: [-1, 0, 0] as V3, mu: 0, e, eMin: 1, vCapture: 1e-6,
  }));
  return buildScene(spec, contacts);
}

// ---------------------------------------------------------------------------------------------------
// Random scenes for the property tests (seeded).
// ---------------------------------------------------------------------------------------------------

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomRotation(rnd: () => number): M3 {
  // uniform unit quaternion (Shoemake)
  const u1 = rnd(), u2 = rnd(), u3 = rnd();
  const a = Math.sqrt(1 - u1), b = Math.sqrt(u1);
  const x = a * Math.sin(2 * Math.PI * u2), y = a * Math.cos(2 * Math.PI * u2);
  const z = b * Math.sin(2 * Math.PI * u3), w = b * Math.cos(2 * Math.PI * u3);
  return [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
}

const range = (rnd: () => number, lo: number, hi: number) => lo + (hi - lo) * rnd();
const rvec = (rnd: () => number, s: number): V3 => [range(rnd, -s, s), range(rnd, -s, s), range(rnd, -s, s)];

function material(rnd: () => number): Partial<ContactSpec> {
  const e = rnd();
  return { mu: rnd() < 0.15 ? 0 : rnd(), e, eMin: rnd(), vCapture: 0.01, vPlastic: range(rnd, 0.05, 2) };
}

function brickBody(rnd: () => number, position: V3 = [0, 0, 0]): { spec: BodySpec; half: V3 } {
  const half: V3 = [range(rnd, 0.1, 0.5), range(rnd, 0.1, 0.5), range(rnd, 0.1, 0.5)];
  const m = range(rnd, 0.5, 5);
  const inertia: V3 = [
    (m / 3) * (half[1] ** 2 + half[2] ** 2), (m / 3) * (half[0] ** 2 + half[2] ** 2), (m / 3) * (half[0] ** 2 + half[1] ** 2),
  ];
  return { spec: { mass: m, inertia, rotation: randomRotation(rnd), position, v: [0, 0, 0], w: [0, 0, 0] }, half };
}

/** A random brick hitting the ground (z up) with its 1–4 lowest vertices proximal. */
export function brickOnGround(rnd: () => number): Scene {
  const { spec, half } = brickBody(rnd);
  spec.v = [range(rnd, -3, 3), range(rnd, -3, 3), -range(rnd, 0.5, 5)];
  spec.w = rvec(rnd, 5);
  const verts: V3[] = [];
  for (const sx of [-1, 1]) for (const sy of [-1, 1]) for (const sz of [-1, 1]) {
    verts.push(matVec(spec.rotation!, [sx * half[0], sy * half[1], sz * half[2]]));
  }
  verts.sort((p, q) => p[2] - q[2]);
  const k = 1 + Math.floor(rnd() * 4);
  const mat = material(rnd);
  const contacts: ContactSpec[] = verts.slice(0, k).map((p) => ({ a: 0, b: 1, point: p, normal: [0, 0, 1], ...mat }));
  return buildScene([{}, spec], contacts);
}

/** Two free bricks colliding at 1–4 points across a random plane (no ground): momentum is conserved. */
export function twoBricks(rnd: () => number): Scene {
  const n = normalize(rvec(rnd, 1));
  const a = brickBody(rnd, [-0.5 * n[0], -0.5 * n[1], -0.5 * n[2]]).spec;
  const b = brickBody(rnd, [0.5 * n[0], 0.5 * n[1], 0.5 * n[2]]).spec;
  a.v = rvec(rnd, 2); a.w = rvec(rnd, 3);
  b.v = rvec(rnd, 2); b.w = rvec(rnd, 3);
  // make the bodies approach along n on average
  const approach = range(rnd, 0.5, 4);
  for (let x = 0; x < 3; x++) { a.v[x] += 0.5 * approach * n[x]; b.v[x] -= 0.5 * approach * n[x]; }
  const k = 1 + Math.floor(rnd() * 4);
  const mat = material(rnd);
  const contacts: ContactSpec[] = [];
  for (let i = 0; i < k; i++) {
    const t = rvec(rnd, 0.3);
    const dn = t[0] * n[0] + t[1] * n[1] + t[2] * n[2];
    contacts.push({ a: 0, b: 1, point: [t[0] - dn * n[0], t[1] - dn * n[1], t[2] - dn * n[2]], normal: n, ...mat });
  }
  return buildScene([a, b], contacts);
}

/** A brick resting on a brick on the ground, both hit from above (8 points, two levels). */
export function stack(rnd: () => number): Scene {
  const m1 = range(rnd, 0.5, 3), m2 = range(rnd, 0.5, 3);
  const I = (m: number): V3 => [m / 6, m / 6, m / 6];
  const lower: BodySpec = { mass: m1, inertia: I(m1), position: [0, 0, 0.5], v: [range(rnd, -1, 1), 0, -range(rnd, 0, 2)], w: rvec(rnd, 1) };
  const upper: BodySpec = { mass: m2, inertia: I(m2), position: [0, 0, 1.5], v: [range(rnd, -2, 2), range(rnd, -2, 2), -range(rnd, 1, 5)], w: rvec(rnd, 2) };
  const mat = material(rnd);
  const contacts: ContactSpec[] = [];
  for (const sx of [-0.5, 0.5]) for (const sy of [-0.5, 0.5]) {
    contacts.push({ a: 0, b: 1, point: [sx, sy, 0], normal: [0, 0, 1], ...mat });
    contacts.push({ a: 1, b: 2, point: [sx, sy, 1], normal: [0, 0, 1], ...mat });
  }
  return buildScene([{}, lower, upper], contacts);
}

function normalize(v: V3): V3 {
  const l = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / l, v[1] / l, v[2] / l];
}

export function momentum(s: Scene): number[] {
  const out = [0, 0, 0, 0, 0, 0];
  s.spec.forEach((b, i) => {
    const m = b.mass ?? Infinity;
    if (!Number.isFinite(m)) return;
    const v = vel(s, i), w = omega(s, i), x = b.position ?? [0, 0, 0];
    const R: M3 = b.rotation ?? IDENTITY, Ib = b.inertia ?? [1, 1, 1];
    const wb = [0, 1, 2].map((k) => R[k] * w[0] + R[3 + k] * w[1] + R[6 + k] * w[2]);
    const L = matVec(R, [Ib[0] * wb[0], Ib[1] * wb[1], Ib[2] * wb[2]]);
    for (let k = 0; k < 3; k++) out[k] += m * v[k];
    out[3] += x[1] * m * v[2] - x[2] * m * v[1] + L[0];
    out[4] += x[2] * m * v[0] - x[0] * m * v[2] + L[1];
    out[5] += x[0] * m * v[1] - x[1] * m * v[0] + L[2];
  });
  return out;
}


const NO_JOINTS = createJointProblem();

/** The solver problem of contact rows alone (no joint rows), as an impact phase receives it. */
export function contactsOnly(contacts: ConstraintProblem): SolverProblem {
  return { contacts, joints: NO_JOINTS, jointKernels: undefined, fastJoints: undefined };
}
