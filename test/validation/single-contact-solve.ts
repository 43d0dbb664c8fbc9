/**
 * The single-contact solver (`systems/solve/mdp/single-contact.ts`) as the validation tests call it:
 * one workspace for the whole test file, the MDP warm start's counters summed over the calls, and the
 * enumeration of every impulsive-Coulomb solution of one contact (the solver's own candidate search
 * with the full model of the paper's Fig. 1).
 */

import {
  ContactInputError, MAX_COULOMB_SOLUTIONS, coulombCandidates, createSingleContactWorkspace, loadProblem,
  solveSingleContact as solveWith, solveSingleContactUnchecked as solveUncheckedWith, validateInput,
  type FrictionLaw, type SingleContactCase,
} from '../../systems/solve/mdp/single-contact';

type NumArray = ArrayLike<number>;
type OutArray = Float64Array | number[];

const ws = createSingleContactWorkspace();

/**
 * Counters of the MDP warm start over the calls below (reset them by assignment).
 * `attempts`: sliding MDP solves that had a guess; `accepted`: those answered by the warm start (the
 * difference took the full root isolation); `steps`: Newton steps taken by the warm start.
 */
export const mdpWarmStartStats = { attempts: 0, accepted: 0, steps: 0 };

function count(): void {
  if (ws.warmSteps < 0) return;
  mdpWarmStartStats.attempts++;
  mdpWarmStartStats.accepted += ws.warmAccepted;
  mdpWarmStartStats.steps += ws.warmSteps;
}

/** `solveSingleContact` on this file's workspace (same arguments after the workspace). */
export function solveSingleContact(
  A: NumArray, b: NumArray, mu: number, law: FrictionLaw, out: OutArray,
  aOffset = 0, bOffset = 0, outOffset = 0, guess?: NumArray | null, guessOffset = 0,
): SingleContactCase {
  const status = solveWith(ws, A, b, mu, law, out, aOffset, bOffset, outOffset, guess, guessOffset);
  count();
  return status;
}

/** `solveSingleContactUnchecked` on this file's workspace. */
export function solveSingleContactUnchecked(
  A: NumArray, b: NumArray, mu: number, law: FrictionLaw, out: OutArray,
  aOffset = 0, bOffset = 0, outOffset = 0, guess?: NumArray | null, guessOffset = 0,
): SingleContactCase {
  const status = solveUncheckedWith(ws, A, b, mu, law, out, aOffset, bOffset, outOffset, guess, guessOffset);
  count();
  return status;
}

/**
 * All solutions of the impulsive Coulomb impact model of paper Fig. 1 for one contact (no pressure
 * constraint, no separating-contact rule): the zero impulse when b_n ≤ 0, the stick impulse A⁻¹b when
 * it lies in the cone, and every sliding impulse (x_n > 0, ‖x_to‖ = μ x_n, s_n = 0, s_to = −ν d with
 * ν ≥ 0, d = x_to/‖x_to‖). Sliding impulses are the roots of a degree-2 trigonometric polynomial (the
 * same quartic machinery as the MDP solver, including the asymptotic coordinates for hyperbolas and the
 * Cartesian Newton polish; a polynomial approach like Bonnefon & Daviet's, which the paper cites for
 * Table 1). With b_n = 0 the sliding impulses along the asymptote rays are included. Roots beyond
 * ROOT_MODULUS_CAP (impulses ~1e100 times the problem's scale) are not searched.
 *
 * @param out receives up to MAX_COULOMB_SOLUTIONS impulses (x_n, x_t, x_o) packed from `outOffset`;
 *   needs room for 3·MAX_COULOMB_SOLUTIONS numbers. Unit N·s. Order: zero, stick, then the slides.
 * @returns the number of solutions written.
 * @throws ContactInputError as `solveSingleContact`.
 */
export function enumerateCoulombSolutions(
  A: NumArray, b: NumArray, mu: number, out: OutArray, aOffset = 0, bOffset = 0, outOffset = 0,
): number {
  validateInput(A, aOffset, b, bOffset, mu);
  if (out == null || typeof out.length !== 'number' || out.length < outOffset + 3 * MAX_COULOMB_SOLUTIONS) {
    throw new ContactInputError('out', out == null ? out : `length ${out.length}`,
      `needs ${3 * MAX_COULOMB_SOLUTIONS} entries from offset ${outOffset}`);
  }
  loadProblem(ws, A, aOffset, b, bOffset, [mu], 0);
  const n = coulombCandidates(ws, true);
  for (let i = 0; i < n; i++) {
    out[outOffset + 3 * i] = ws.cand[4 * i] * ws.X_SCALE;
    out[outOffset + 3 * i + 1] = ws.cand[4 * i + 1] * ws.X_SCALE;
    out[outOffset + 3 * i + 2] = ws.cand[4 * i + 2] * ws.X_SCALE;
  }
  return n;
}
