/**
 * The fast mode's joints: the joint rows solved as soft constraints inside the soft-step substeps (the
 * kernels are shared with the accurate mode, `../common/joint-solve.ts`; see the "Joints" section of
 * `README.md` in this folder). The kernels come from the world's joint stage
 * (`SolverProblem.jointKernels`, `../common/joint-kernels.ts`), not by import, so that the fast
 * solver of an app without joints does not ship them.
 */

import type { JointProblem } from '../../assembly/joint-rows';
import { createInertiaRefresh, refreshTurnedInertia } from './inertia-refresh';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { makeSoft } from '../common/soft-constraint';
import type { JointSolveContext } from '../common/joint-solve';
import type { JointKernels } from '../common/joint-kernels';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { Softness } from '../common/soft-constraint';
import type { PgsSolverConfig } from './pgs-options';

/**
 * Widest joint island (mean envelope row length, `JointDirect.maxMeanEnvelope`) the fast mode solves
 * directly. It factors every substep twice (8 times per step at the defaults), at ~ (row length)² per
 * row: a 10 × 10 net of ball joints (570 rows, mean 42.6) took 20 ms per step directly and 1 ms by
 * Gauss–Seidel, holding its joints as well (anchor gap 35 vs 41 mm at the worst moment); a ragdoll's tree
 * has 10.3, a chain ~5, a 4 × 4 net 18.2. Chains and trees, where the direct solve holds heavy mass
 * ratios, stay direct, and so does any island of fewer than 128 rows (`SMALL_ISLAND_ROWS` of
 * `../common/joint-direct.ts`: at most 2048 factor entries). The accurate mode has no such bound (it factors once or twice per step).
 */
export const FAST_MODE_MAX_MEAN_ENVELOPE = 16;

/**
 * Largest position error the fast mode's rigid joint rows and violated limits correct at once
 * (`JointSolveContext.maxCorrection`; m for anchor rows, rad for angular rows): the position pass of the
 * direct islands (`../common/joint-solve.ts`) moves a row's bodies by at most h β · 0.5 per substep (about 6.8 cm or 0.068 rad at the
 * default 60 Hz, ζ = 5, 240 Hz substeps; as a speed, 16 m/s), a violated limit's bias is at most β · 0.5.
 * Measured on the fast modes' failing seeds of 0..9999 (pgs and mdp lists, 33 seeds in each mode) with
 * the position pass (before its contact push-back, its bound and the small errors' bias velocity): 5 left
 * 11 (pgs) and 10 (mdp) failing, 0.5 left 6 and 6, 0.1 held the joints too softly (13 and 8, jointed
 * bodies under the ground); the pass as it is leaves 3 and 4 at 0.5. Box2D's position solver clamps at 0.2 m
 * (b2_maxLinearCorrection). Before the position pass (the correction by a bias velocity), 5 left the
 * fewest failing of 0.2, 0.5, 1, 2, 3, 5 and none (fuzz seed 1660, a jointed loop of 20 bodies, ran away
 * without a bound).
 */
export const FAST_MODE_MAX_CORRECTION = 0.5;

/** The fast mode's `JointDirect.pivotTolerance` (`../common/joint-direct.ts`, where the reason is). */
const FAST_PIVOT_TOLERANCE = 1e-7;

/** The fast mode's `JointDirect.auxTolerance`: a limit or motor row of a direct island is dependent at or
 * below S = 1e-12 W_ll, S in its energy form (`energySchur` in `../common/joint-direct.ts`, where the
 * measurements are: spanned rows at most 1.1e-17 W_ll, rows held through a heavy body 4.5e-8 and less). */
const FAST_AUX_TOLERANCE = 1e-12;

/**
 * Start of a fast-mode step: the substep length, the rigid joint softness, the warm-start impulses
 * (last step's row forces × h, or 0 without warm starting) and the direct islands.
 */
export function beginJoints(
  p: JointProblem, sb: SolverBodies, c: JointSolveContext, o: PgsSolverConfig, h: number, k: JointKernels,
): void {
  c.useDirect = o.jointSolver === 'direct';
  c.direct.maxMeanEnvelope = FAST_MODE_MAX_MEAN_ENVELOPE;
  c.direct.pivotTolerance = FAST_PIVOT_TOLERANCE; // a loop's drifted closing rows are dependent (joint-direct.ts)
  c.direct.auxTolerance = FAST_AUX_TOLERANCE; // a limit held through a heavy body is not (joint-direct.ts)
  c.refreshBeforeRelax = true;
  // the direct islands' bilateral rows are solved exactly in every sweep: a warm start would only apply
  // the last substep's impulses along Jacobians that turned since (see JointSolveContext.warmStartDirect)
  c.warmStartDirect = false;
  c.maxCorrection = FAST_MODE_MAX_CORRECTION;
  // the direct islands' rigid rows are corrected on the positions (no bias velocity, no kinetic energy
  // from the correction; `correctJointPositions` in ../common/joint-solve.ts)
  c.positionPass = true;
  const soft = c.soft;
  if (o.jointHertz > 0) {
    // rigid rows: the soft step's bias rate β = ω/(2ζ + hω); the direct solve keeps the full mass, the
    // Gauss–Seidel rows also take the soft step's mass and impulse scales (compliance that keeps an
    // unconverged sweep from over-correcting)
    // made again only when an input changes (this runs once per step: V8 optimises it late, and until then
    // every number makeSoft computes is a new heap number; README "Loops compiled on the stack")
    const si = c.softInputs;
    if (si[0] !== o.jointHertz || si[1] !== o.jointDampingRatio || si[2] !== h) {
      makeSoft(soft, o.jointHertz, o.jointDampingRatio, h);
      si[0] = o.jointHertz; si[1] = o.jointDampingRatio; si[2] = h;
    }
    c.limitMassScale = soft.massScale;
    c.limitImpulseScale = soft.impulseScale;
    k.beginStep(p, sb, c, h, soft.biasRate, c.useDirect ? 1 : soft.massScale, c.useDirect ? 0 : soft.impulseScale,
      o.warmStarting);
  } else {
    c.limitMassScale = 1;
    c.limitImpulseScale = 0;
    k.beginStep(p, sb, c, h, 0, 1, 0, o.warmStarting);
  }
  p.stepTime = h * o.substeps;
}

/** The fast solver's joint part: the kernels, this solver's joint solve context and the contact rows
 * solved through the direct joint islands (`../common/joint-contact-coupling.ts`). */
export interface PgsJoints {
  /** Start of a step of substep length h ({@link beginJoints}); `contacts` and `soft` (the contact rows and
   * the contact softness of the step) for the coupled contact rows. */
  begin(p: JointProblem, sb: SolverBodies, o: PgsSolverConfig, h: number, contacts: ConstraintProblem, soft: Softness): void;
  /** Start of a substep: the current inverse inertias of the bodies that turned within the step
   * (`refreshTurnedInertia`, the same matrices the contact rows act through: `JointSolveContext.turnedInertia`),
   * rows re-evaluated, warm-start impulses applied (`warmStartJoints`; not those of the
   * direct islands' bilateral rows), the coupled contact rows' impulses reset (on the rows given to `begin`). */
  warmStart(sb: SolverBodies): void;
  /** One sweep over the rows, biased or relax (`solveJoints`), then over the coupled contact rows. */
  solve(sb: SolverBodies, useBias: boolean): void;
  /** End of the step (after the contacts' own end): the coupled rows are released (`finishCoupling`: their
   * impulses are not handed to the contacts'). */
  finish(): void;
}

/** The joint part of one fast solver, on kernels `k` (allocates its context; made once per solver). */
export function createPgsJoints(k: JointKernels): PgsJoints {
  const c = k.createContext();
  // the current inverse inertias of the bodies that turned within the step (none at the first substep)
  const turned = createInertiaRefresh();
  c.turnedInertia = turned;
  const cp = k.createCoupling();
  cp.turned = turned;
  let contacts: ConstraintProblem | undefined;
  // the joint rows of the step (set by begin)
  let rows: JointProblem | undefined;
  return {
    begin(p, sb, o, h, cs, soft) {
      rows = p;
      beginJoints(p, sb, c, o, h, k);
      c.contacts = cs; // the position pass pushes their points back
      contacts = undefined;
      if (!c.useDirect) return;
      contacts = cs;
      cp.soft.biasRate = soft.biasRate;
      cp.soft.massScale = soft.massScale;
      cp.soft.impulseScale = soft.impulseScale;
      cp.slop = o.linearSlop;
      cp.maxPushout = o.maxPushoutSpeed;
      cp.invH = 1 / h;
      k.beginCoupling(cp, c.direct, p, cs, sb);
    },
    warmStart(sb) {
      const p = rows as JointProblem;
      refreshTurnedInertia(turned, sb);
      k.warmStart(p, sb, c);
      if (contacts !== undefined) k.warmStartCoupling(cp, contacts, sb);
    },
    solve(sb, useBias) {
      const p = rows as JointProblem;
      k.solve(p, sb, c, useBias);
      if (contacts !== undefined) k.solveCoupling(cp, c.direct, p, contacts, sb, useBias);
    },
    finish() {
      if (contacts !== undefined) k.finishCoupling(cp);
      rows = undefined;
    },
  };
}
