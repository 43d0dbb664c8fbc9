/**
 * Pair material: the friction and restitution of a contact from its two colliders' values and
 * combine rules (`CombineRule` in `components/collider.ts`). The higher rule code of the two wins;
 * rule 0 on both sides is the engine's own rule: friction √(μa μb) (geometric mean), restitution
 * max(ea, eb). The precedence is Havok's, measured through Babylon's Physics V2 plugin (a box sliding
 * with each pair of rules: minimum beats geometric mean, maximum beats minimum, arithmetic mean beats
 * maximum, multiply beats all).
 */

import { CombineRule } from '../../components/collider';

function combine(a: number, b: number, rule: number): number {
  switch (rule) {
    case CombineRule.geometricMean: return Math.sqrt(a * b);
    case CombineRule.minimum: return a < b ? a : b;
    case CombineRule.maximum: return a > b ? a : b;
    case CombineRule.arithmeticMean: return 0.5 * (a + b);
    case CombineRule.multiply: return a * b;
    default: return -1;
  }
}

/** Friction μ of a pair (dimensionless ≥ 0) from μa, μb and the two rule codes. */
export function combineFriction(a: number, b: number, ruleA: number, ruleB: number): number {
  const rule = ruleA > ruleB ? ruleA : ruleB;
  return rule === CombineRule.engine ? Math.sqrt(a * b) : combine(a, b, rule);
}

/** Restitution e of a pair (dimensionless, [0, 1]) from ea, eb and the two rule codes. */
export function combineRestitution(a: number, b: number, ruleA: number, ruleB: number): number {
  const rule = ruleA > ruleB ? ruleA : ruleB;
  return rule === CombineRule.engine ? (a > b ? a : b) : combine(a, b, rule);
}
