/**
 * One-off benchmark of the accurate solver ('lcp', Stewart–Trinkle + Lemke) on the paper's four-ball
 * scene (Stewart & Trinkle 1996 §4, `scenes/stewart-trinkle.ts`): wall time to simulate 1 s at each step size of
 * Table I, and the real-time factor (simulated time / wall time; > 1 = faster than real time).
 * Speed lives here, never in a timed test.
 *
 * Run: `npx tsx bench/lcp-four-balls.ts [--repeat R]` (default R = 5; the median run is reported, after one
 * untimed warm-up run per step size).
 */

import { createPhysicsWorld } from '../plugin/world';
import { stepWorld } from '../plugin/step';
import type { LcpSolver } from '../systems/solve/lcp/stewart-trinkle';
import { buildFourBalls } from '../scenes/stewart-trinkle';
import '../plugin/accurate'; // registers the accurate solver 'lcp'

const arg = process.argv.indexOf('--repeat');
const repeat = arg >= 0 ? Math.max(1, Number(process.argv[arg + 1]) || 5) : 5;

interface Run { ms: number; pivots: number; warm: number; solves: number; largest: number; worstStepMs: number }

function once(h: number): Run {
  const w = createPhysicsWorld({ solver: 'lcp' });
  buildFourBalls(w);
  const s = w.solver as LcpSolver;
  const steps = Math.round(1 / h);
  const r: Run = { ms: 0, pivots: 0, warm: 0, solves: 0, largest: 0, worstStepMs: 0 };
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) {
    const a = performance.now();
    stepWorld(w, h);
    r.worstStepMs = Math.max(r.worstStepMs, performance.now() - a);
    r.pivots += s.stats.lemkePivots;
    r.warm += s.stats.warmStarts;
    r.solves += s.stats.lcpSolves;
    r.largest = Math.max(r.largest, s.stats.lcpSize);
  }
  r.ms = performance.now() - t0;
  return r;
}

const rows = [];
for (const h of [0.02, 0.01, 0.005, 0.0025, 0.00125]) {
  once(h);
  const runs = Array.from({ length: repeat }, () => once(h)).sort((a, b) => a.ms - b.ms);
  const m = runs[Math.floor(runs.length / 2)];
  rows.push({
    h, steps: Math.round(1 / h), 'ms per simulated s': +m.ms.toFixed(1), 'real-time factor': +(1000 / m.ms).toFixed(1),
    'ms per step': +(m.ms * h).toFixed(3), 'worst step ms': +m.worstStepMs.toFixed(2), 'Lemke pivots': m.pivots,
    'warm starts / LCPs': `${m.warm} / ${m.solves}`, 'largest LCP': m.largest,
  });
}
console.table(rows);
