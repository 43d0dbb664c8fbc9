/**
 * Contact islands: the connected components of the graph whose nodes are the dynamic solver bodies and
 * whose edges are the contact points between two dynamic bodies. Static and kinematic bodies (infinite
 * mass) do not join islands, so a floor does not merge everything standing on it into one island.
 * A contact between a dynamic and a non-dynamic body belongs to the dynamic body's island; a contact
 * between two non-dynamic bodies belongs to none (no impulse can change anything there).
 * The impulses of different islands do not interact (the Delassus matrix J M⁻¹ Jᵀ is block diagonal
 * by island), so each island gets its own, smaller LCP.
 *
 * Layout (all indices are solver-body indices and constraint-problem contact indices):
 * - island i's contacts are `contacts[contactStart[i] .. contactStart[i + 1])`, in increasing order;
 * - its dynamic bodies are `bodies[bodyStart[i] .. bodyStart[i + 1])`, in increasing order;
 * - `islandOfContact[c]` and `islandOfBody[b]` give the island id or −1.
 * Islands are numbered in the order of their first contact, so the result is deterministic.
 * The sets are the union–find of `systems/islands/union-find.ts`, the grouping its `group-by-island.ts`.
 * Allocation: none once the arrays have grown to the scene (geometric growth).
 */

import { MotionType } from '../../../components/rigid-body';
import { nextCapacity } from '../../../components/capacity';
import type { ConstraintProblem } from '../../assembly/constraint-problem';
import type { SolverBodies } from '../../assembly/solver-bodies';
import { findRoot, resetSets, unite } from '../../islands/union-find';
import { groupByIsland } from '../../islands/group-by-island';

export interface Islands {
  /** Number of islands. */
  count: number;
  /** `[count + 1]` start of each island's run in `contacts`. */
  contactStart: Int32Array;
  /** `[contact count]` contact indices grouped by island. */
  contacts: Int32Array;
  /** `[count + 1]` start of each island's run in `bodies`. */
  bodyStart: Int32Array;
  /** `[dynamic bodies in islands]` solver body indices grouped by island. */
  bodies: Int32Array;
  /** `[contact count]` island of each contact, −1 when it joins two non-dynamic bodies. */
  islandOfContact: Int32Array;
  /** `[body count]` island of each solver body, −1 when it has no contact or is not dynamic. */
  islandOfBody: Int32Array;
  /** `[body count]` union–find parent (scratch). */
  parent: Int32Array;
  /** `[body count]` island of a union–find root (scratch). */
  islandOfRoot: Int32Array;
}

export function createIslands(): Islands {
  return {
    count: 0,
    contactStart: new Int32Array(17),
    contacts: new Int32Array(16),
    bodyStart: new Int32Array(17),
    bodies: new Int32Array(16),
    islandOfContact: new Int32Array(16),
    islandOfBody: new Int32Array(16),
    parent: new Int32Array(16),
    islandOfRoot: new Int32Array(16),
  };
}

/** Builds the islands of the problem's `contactCount` contacts over `bodies.count` solver bodies.
 * `links` (optional, `[2 × linkCount]`): further pairs of dynamic bodies whose islands are joined (the
 * contacts of one joint island, `joint-contact-lcp.ts`). */
export function buildIslands(isl: Islands, problem: ConstraintProblem, bodies: SolverBodies, links?: Int32Array, linkCount = 0): void {
  const nc = problem.contactCount;
  const nb = bodies.count;
  if (isl.contacts.length < nc) {
    const c = nextCapacity(isl.contacts.length, nc);
    isl.contacts = new Int32Array(c);
    isl.islandOfContact = new Int32Array(c);
  }
  if (isl.parent.length < nb) {
    const c = nextCapacity(isl.parent.length, nb);
    isl.parent = new Int32Array(c);
    isl.islandOfRoot = new Int32Array(c);
    isl.islandOfBody = new Int32Array(c);
    isl.bodies = new Int32Array(c);
  }
  // Islands ≤ contacts and ≤ bodies; contactStart / bodyStart need count + 1 entries.
  const maxIslands = Math.min(nc, nb);
  if (isl.contactStart.length < maxIslands + 1) {
    const c = nextCapacity(isl.contactStart.length, maxIslands + 1);
    isl.contactStart = new Int32Array(c);
    isl.bodyStart = new Int32Array(c);
  }
  const parent = isl.parent, mt = bodies.motionType;
  const dyn = MotionType.dynamic;
  resetSets(parent, nb);
  isl.islandOfRoot.fill(-1, 0, nb);
  isl.islandOfBody.fill(-1, 0, nb);
  for (let c = 0; c < nc; c++) {
    const a = problem.bodyA[c], b = problem.bodyB[c];
    if (mt[a] === dyn && mt[b] === dyn) unite(parent, a, b);
  }
  for (let l = 0; l < linkCount && links !== undefined; l++) unite(parent, links[2 * l], links[2 * l + 1]);
  // Number islands by first contact.
  let count = 0;
  for (let c = 0; c < nc; c++) {
    const a = problem.bodyA[c], b = problem.bodyB[c];
    const seed = mt[a] === dyn ? a : mt[b] === dyn ? b : -1;
    if (seed < 0) { isl.islandOfContact[c] = -1; continue; }
    const r = findRoot(parent, seed);
    let id = isl.islandOfRoot[r];
    if (id < 0) { id = count++; isl.islandOfRoot[r] = id; }
    isl.islandOfContact[c] = id;
    if (mt[a] === dyn) isl.islandOfBody[a] = id;
    if (mt[b] === dyn) isl.islandOfBody[b] = id;
  }
  isl.count = count;
  groupByIsland(isl.islandOfContact, nc, count, isl.contactStart, isl.contacts);
  groupByIsland(isl.islandOfBody, nb, count, isl.bodyStart, isl.bodies);
}
