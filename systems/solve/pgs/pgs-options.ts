/**
 * Options of the PGS (fast) solver. See `systems/solve/pgs/README.md` for what each one does and why
 * the defaults are what they are.
 */

import type { FrictionLaw } from '../mdp/single-contact';

export interface PgsOptions {
  /** Friction law (default 'coulomb'). 'max-dissipation' (Preclik, Eibl & Rüde
   * 2018) needs `blockSolve: 'exact'`, which it selects when left unset. */
  friction: FrictionLaw;
  /** Per-contact block solve (default 'cone-projection'): 'cone-projection' solves the normal row and
   * projects the two friction rows onto the cone; 'exact' solves each contact's 3×3 block exactly for
   * the friction law (nonlinear block Gauss–Seidel; `contact-block-solve.ts`). */
  blockSolve: 'cone-projection' | 'exact';
  /** Substeps per step (default 4). Each substep integrates velocities, solves with bias, integrates
   * positions and relaxes; more substeps = stiffer contacts and taller stable stacks at linear cost. */
  substeps: number;
  /** Gauss–Seidel sweeps per substep with bias (default 2). */
  iterations: number;
  /** Relaxation sweeps per substep without bias (default 1): removes the velocity the bias added. */
  relaxIterations: number;
  /** Contact stiffness as a natural frequency (unit: Hz, default 0 = a quarter of the substep rate).
   * Capped at a quarter of the substep rate. */
  contactHertz: number;
  /** Contact damping ratio ζ (dimensionless, default 10: heavily over-damped, no bounce from the bias). */
  contactDampingRatio: number;
  /** Largest speed at which the bias pushes overlapping bodies apart (unit: m/s, default 3). */
  maxPushoutSpeed: number;
  /** Penetration left uncorrected (unit: m, default 0). Contacts persist through the speculative
   * margin anyway, so no slop is needed against flicker; every millimetre of slop sinks each level of
   * a stack by that much. */
  linearSlop: number;
  /** Approach speed above which restitution applies (unit: m/s, default 1). */
  restitutionThreshold: number;
  /** Apply the previous step's impulses at the start of the step (default true). */
  warmStarting: boolean;
  /** Largest angular speed (unit: rad/s, default 100): bounds the rotation per step. */
  maxAngularSpeed: number;
  /** The gyroscopic term −ω × (I ω) of Euler's equations, one implicit Newton step per substep after the
   * velocity integration (default true; Catto 2015, `integrateGyroscopic` in `common/body-integration.ts`).
   * Without it ω stays constant in the world while the inertia turns with the body, and joints and
   * contacts pump energy into thin spinning bodies. false: the torque-free step (ω constant between
   * contacts) of closed forms that ignore the term. */
  gyroscopic: boolean;
  /** Largest linear speed of a body (unit: m/s, > 0, default Infinity: none); Havok's world speed limit. */
  maxLinearSpeed: number;
  /** Position-correction frequency of rigid joint rows and joint limits (unit: Hz, default 60; 0 = no
   * position correction). Rigid rows keep their full mass; this sets only the bias rate
   * β = ω/(2ζ + hω) (`joint-solve.ts`, README "Joints"). */
  jointHertz: number;
  /** Damping ratio ζ of the rigid joints' position correction (dimensionless, default 5). */
  jointDampingRatio: number;
}

/**
 * Switches of the fast solver kept for experiments and benchmarks (`bench/`, validation tests), not part
 * of the public options: a world gets them through its internal `experiments` option.
 */
export interface PgsExperiments {
  /** How each sweep solves the normal rows of one manifold (default 'block'). Every value but 'rows'
   * solves the 2–4 normal rows of a manifold that is not at rest together, exactly (a small LCP over the
   * manifold's Delassus block, `contact-solve.ts`), so the corners of a face that lands flat take the same
   * impulse; they differ in what a manifold at rest (calm for 2 steps) gets:
   * 'block-last-relax': its rows, and from 30 calm steps on (one block in every sweep before) one block in
   * the relaxation sweep of the step's last substep (a 20-cube stack's sway over 10 s 0.06 mm Coulomb,
   * 2.89 mm max-dissipation; the 1000-cube pile's step +3–6 %, worst penetration 2.64 → 2.74 mm);
   * 'block-rows': its rows in every sweep (the stack sways by 11–13 mm);
   * 'block' (default): 'block-last-relax' with cone projection, 'block-rows' with the exact block sweeps
   * (`blockSolve: 'exact'`: with the relaxation blocks a 400 kg box coming to rest on a 0.05 kg plate gained
   * 3.5e-8 of its kinetic plus potential energy in a step);
   * 'block-relax': one block in every relaxation sweep (sway 0.02 mm, but the pile 3.41 mm and its step
   * about 8 % slower); 'block-always': one block in every sweep (pile 3.89 mm, +9 %);
   * 'rows': every manifold's rows one after the other (cone-projection sweeps only; the first corner
   * visited takes more impulse: up to 17 rad/s, and the box may turn over). See README "Normal rows of a
   * manifold as one block". */
  manifoldSolve: 'block' | 'block-rows' | 'block-last-relax' | 'block-relax' | 'block-always' | 'rows';
  /** How the bilateral joint rows are solved in each sweep (default 'direct'): 'direct' solves each
   * joint island's rows exactly with one sparse LDLᵀ factorization per substep (`../joint-direct.ts`;
   * chains with large mass ratios hold), 'gauss-seidel' row by row (3×3 blocks for the anchor points). */
  jointSolver: 'direct' | 'gauss-seidel';
}

/** What the fast solver is built with: the public options and the experiment switches. */
export interface PgsSolverConfig extends PgsOptions, PgsExperiments {}

export function defaultPgsOptions(): PgsSolverConfig {
  return {
    friction: 'coulomb',
    blockSolve: 'cone-projection',
    manifoldSolve: 'block',
    substeps: 4,
    iterations: 2,
    relaxIterations: 1,
    contactHertz: 0,
    contactDampingRatio: 10,
    maxPushoutSpeed: 3,
    linearSlop: 0,
    restitutionThreshold: 1,
    warmStarting: true,
    maxAngularSpeed: 100,
    maxLinearSpeed: Infinity,
    gyroscopic: true,
    jointHertz: 60,
    jointDampingRatio: 5,
    jointSolver: 'direct',
  };
}

/**
 * How the sweeps treat the normal rows of a manifold at rest (`manifoldAtRest` in `contact-solve.ts`):
 * 'relax' solves them as one block in the relaxation sweeps and one after the other in the biased sweeps,
 * 'last-relax' as one block in the last substep's relaxation sweep and one after the other in the others,
 * 'block' as one block in every sweep, 'rows' one after the other in every sweep.
 */
export type RestingManifolds = 'relax' | 'last-relax' | 'block' | 'rows';

/** The treatment of resting manifolds that `o.manifoldSolve` selects (see {@link PgsExperiments}). */
export function restingManifolds(o: PgsSolverConfig): RestingManifolds {
  const m = o.manifoldSolve;
  // the default: the relaxation blocks of the last substep with cone projection; the exact block sweeps
  // keep the rows (with the blocks, a 400 kg box coming to rest on a 0.05 kg plate gained 3.5e-8 of its
  // kinetic plus potential energy in a step as its soft contacts unloaded)
  if (m === 'block') return o.blockSolve === 'exact' ? 'rows' : 'last-relax';
  return m === 'block-always' ? 'block' : m === 'block-relax' ? 'relax' : m === 'block-last-relax' ? 'last-relax' : 'rows';
}
