import { describe, expect, it } from 'vitest';
import { CombineRule } from '../../../../components/collider';
import { combineFriction, combineRestitution } from '../../../../systems/narrowphase/material-combine';

const R = CombineRule;

describe('pair material combine rules', () => {
  it('engine rule on both sides: friction √(μa μb), restitution max(ea, eb)', () => {
    expect(combineFriction(0.2, 0.8, R.engine, R.engine)).toBeCloseTo(0.4, 15);
    expect(combineRestitution(0.3, 0.9, R.engine, R.engine)).toBe(0.9);
  });

  it('each explicit rule gives its closed form', () => {
    expect(combineFriction(0.2, 0.8, R.geometricMean, R.geometricMean)).toBeCloseTo(0.4, 15);
    expect(combineFriction(0.2, 0.8, R.minimum, R.minimum)).toBe(0.2);
    expect(combineFriction(0.2, 0.8, R.maximum, R.maximum)).toBe(0.8);
    expect(combineFriction(0.2, 0.8, R.arithmeticMean, R.arithmeticMean)).toBeCloseTo(0.5, 15);
    expect(combineFriction(0.2, 0.8, R.multiply, R.multiply)).toBeCloseTo(0.16, 15);
    expect(combineRestitution(0.3, 0.9, R.minimum, R.minimum)).toBe(0.3);
  });

  it('mixed rules: the higher code wins (Havok\'s precedence), whichever side carries it', () => {
    expect(combineFriction(0.2, 0.8, R.minimum, R.maximum)).toBe(0.8);
    expect(combineFriction(0.2, 0.8, R.maximum, R.minimum)).toBe(0.8);
    expect(combineFriction(0.2, 0.8, R.geometricMean, R.minimum)).toBe(0.2);
    expect(combineFriction(0.2, 0.8, R.arithmeticMean, R.maximum)).toBeCloseTo(0.5, 15);
    expect(combineFriction(0.2, 0.8, R.multiply, R.arithmeticMean)).toBeCloseTo(0.16, 15);
    expect(combineRestitution(0.3, 0.9, R.engine, R.minimum)).toBe(0.3);
  });
});
