/**
 * The profile overlay (plain HTML/CSS): one bar per step stage with its time per rendered frame
 * (the sum over the fixed steps taken in that frame, in ms), the whole physics time, and the body,
 * contact, fps and steps-per-frame counts. In accurate mode (the `lcp` solver) it also shows the
 * solver's sub-stages under "solve" (impact phase, LCP build, Lemke; ms per frame) and its counters
 * for the last step (Lemke pivots, islands, largest LCP, projected fallbacks, impact rounds and
 * intervals). Times are smoothed (exponential moving average) and the DOM is written a few times per
 * second, not every frame.
 */

import { STAGES, type StageName, type StepProfile } from '../plugin/index';

/** The accurate solver's sub-stage times in `StepProfile.solverDetail` (unit: ms), in step order. */
export const DETAIL_STAGES = ['impactMs', 'lcpBuildMs', 'lemkeMs'] as const;
export type DetailStage = (typeof DETAIL_STAGES)[number];

/** The accurate solver's counters in `StepProfile.solverDetail` shown by the overlay. */
export const DETAIL_COUNTERS = ['lemkePivots', 'islands', 'lcpSize', 'fallbacks', 'impactRounds', 'impactIntervals'] as const;
export type DetailCounter = (typeof DETAIL_COUNTERS)[number];

/** Per-frame physics totals, summed over the steps of one rendered frame. */
export interface FrameProfile {
  /** unit: ms, per stage */
  stages: Record<StageName, number>;
  /** unit: ms */
  total: number;
  steps: number;
  bodies: number;
  contacts: number;
  /** Accurate-solver sub-stage times, summed over the frame's accurate steps (unit: ms). */
  detail: Record<DetailStage, number>;
  /** Steps of this frame taken by the accurate solver. */
  detailSteps: number;
  /** Counters of the last accurate step (kept across frames until the next accurate step). */
  counters: Record<DetailCounter, number>;
}

export function createFrameProfile(): FrameProfile {
  return {
    stages: { broadphase: 0, narrowphase: 0, islands: 0, assembly: 0, solve: 0, integrate: 0 },
    total: 0, steps: 0, bodies: 0, contacts: 0,
    detail: { impactMs: 0, lcpBuildMs: 0, lemkeMs: 0 },
    detailSteps: 0,
    counters: { lemkePivots: 0, islands: 0, lcpSize: 0, fallbacks: 0, impactRounds: 0, impactIntervals: 0 },
  };
}

/**
 * Adds one step's profile to a frame's totals.
 * @param accurate the step was taken by the accurate solver: its `solverDetail` is read. (After a
 *   switch back to PGS, `solverDetail` still holds the last accurate step's values, so the caller says
 *   which solver took the step, e.g. `world.solver.kind === 'lcp'`.)
 */
export function addStepProfile(frame: FrameProfile, step: StepProfile, accurate = false): void {
  for (const s of STAGES) frame.stages[s] += step.stages[s];
  frame.total += step.total;
  frame.steps++;
  frame.bodies = step.bodies;
  frame.contacts = step.contacts;
  if (!accurate) return;
  const d = step.solverDetail;
  for (const s of DETAIL_STAGES) frame.detail[s] += d[s] ?? 0;
  for (const c of DETAIL_COUNTERS) frame.counters[c] = d[c] ?? 0;
  frame.detailSteps++;
}

/**
 * Adds another frame's totals to `into` (several worlds rendered in one frame): times, bodies and
 * contacts add up; steps take the larger count (the worlds step side by side).
 */
export function addFrameProfile(into: FrameProfile, from: FrameProfile): void {
  for (const s of STAGES) into.stages[s] += from.stages[s];
  into.total += from.total;
  into.steps = Math.max(into.steps, from.steps);
  into.bodies += from.bodies;
  into.contacts += from.contacts;
}

/** Starts a new frame (the counters of the last accurate step are kept). */
export function clearFrameProfile(frame: FrameProfile): void {
  for (const s of STAGES) frame.stages[s] = 0;
  for (const s of DETAIL_STAGES) frame.detail[s] = 0;
  frame.total = 0;
  frame.steps = 0;
  frame.detailSteps = 0;
}

interface Bar {
  fill: HTMLElement;
  value: HTMLElement;
}

type BarName = StageName | DetailStage | 'total';

const LABELS: Record<BarName, string> = {
  broadphase: 'broadphase', narrowphase: 'narrowphase', islands: 'islands', assembly: 'assembly', solve: 'solve',
  integrate: 'integrate', total: 'total', impactMs: '↳ impact', lcpBuildMs: '↳ LCP build', lemkeMs: '↳ Lemke',
};

const TITLES: Partial<Record<BarName, string>> = {
  impactMs: 'PLUS impact phase (simultaneous frictional impacts), part of solve',
  lcpBuildMs: 'free velocities, contact rows and islands of the Stewart–Trinkle LCP, part of solve',
  lemkeMs: "solving each island's LCP with Lemke's algorithm (or the projected fallback for islands " +
    'larger than maxLcpSize or where Lemke fails), part of solve',
};

const COUNTER_LABELS: Record<DetailCounter, string> = {
  lemkePivots: 'pivots', islands: 'islands', lcpSize: 'largest LCP', fallbacks: 'fallbacks',
  impactRounds: 'impact rounds', impactIntervals: 'intervals',
};

/** Bar rows in display order: the solver's sub-stages right under "solve". */
const ROWS: readonly BarName[] = ['broadphase', 'narrowphase', 'assembly', 'solve', ...DETAIL_STAGES, 'integrate', 'total'];

export class ProfileOverlay {
  private readonly bars = new Map<BarName, Bar>();
  private readonly smooth = createFrameProfile();
  private readonly fpsEl: HTMLElement;
  private readonly stepsEl: HTMLElement;
  private readonly bodiesEl: HTMLElement;
  private readonly contactsEl: HTMLElement;
  private readonly detailRows: HTMLElement[] = [];
  private readonly countersEl: HTMLElement;
  private readonly counterEls = new Map<DetailCounter, HTMLElement>();
  private detailVisible = false;
  private lastPaint = 0;
  private hasSample = false;

  /** @param doc the document holding the overlay's elements (see index.html). */
  constructor(doc: Document, private readonly paintIntervalMs = 200) {
    const container = byId(doc, 'profile-bars');
    for (const name of ROWS) {
      const row = doc.createElement('div');
      row.className = 'bar-row';
      const label = doc.createElement('span');
      label.className = 'bar-label';
      label.textContent = LABELS[name];
      const title = TITLES[name];
      if (title !== undefined) row.title = title;
      const track = doc.createElement('div');
      track.className = 'bar-track';
      const fill = doc.createElement('div');
      fill.className = `bar-fill bar-${name}`;
      track.append(fill);
      const value = doc.createElement('span');
      value.className = 'bar-value';
      value.textContent = '0.00';
      row.append(label, track, value);
      container.append(row);
      this.bars.set(name, { fill, value });
      if ((DETAIL_STAGES as readonly string[]).includes(name)) {
        row.classList.add('bar-sub');
        row.dataset.detail = name;
        row.hidden = true;
        this.detailRows.push(row);
      }
    }
    this.fpsEl = byId(doc, 'stat-fps');
    this.stepsEl = byId(doc, 'stat-steps');
    this.bodiesEl = byId(doc, 'stat-bodies');
    this.contactsEl = byId(doc, 'stat-contacts');
    this.countersEl = byId(doc, 'solver-counters');
    const list = byId(doc, 'solver-counter-list');
    for (const c of DETAIL_COUNTERS) {
      const pair = doc.createElement('div');
      const dt = doc.createElement('dt');
      dt.textContent = COUNTER_LABELS[c];
      const dd = doc.createElement('dd');
      dd.dataset.counter = c;
      dd.textContent = '0';
      pair.append(dt, dd);
      list.append(pair);
      this.counterEls.set(c, dd);
    }
    this.countersEl.hidden = true;
  }

  /** Shows or hides the accurate solver's sub-stage bars and counters. */
  setSolverDetailVisible(visible: boolean): void {
    if (visible === this.detailVisible) return;
    this.detailVisible = visible;
    for (const row of this.detailRows) row.hidden = !visible;
    this.countersEl.hidden = !visible;
    for (const s of DETAIL_STAGES) this.smooth.detail[s] = 0;
  }

  /**
   * Feeds one rendered frame's physics totals; repaints at most every `paintIntervalMs`.
   * @param nowMs a monotonic clock (unit: ms), e.g. performance.now().
   */
  sample(frame: FrameProfile, fps: number, nowMs: number): void {
    const k = this.hasSample ? 0.1 : 1; // EMA weight of the new frame
    this.hasSample = true;
    const s = this.smooth;
    for (const name of STAGES) s.stages[name] += k * (frame.stages[name] - s.stages[name]);
    for (const name of DETAIL_STAGES) s.detail[name] += k * (frame.detail[name] - s.detail[name]);
    s.total += k * (frame.total - s.total);
    s.steps += k * (frame.steps - s.steps);
    if (frame.steps > 0) {
      s.bodies = frame.bodies;
      s.contacts = frame.contacts;
    }
    if (frame.detailSteps > 0) Object.assign(s.counters, frame.counters);
    if (nowMs - this.lastPaint < this.paintIntervalMs) return;
    this.lastPaint = nowMs;
    // Full scale: the next "nice" value above the total, at least 2 ms.
    const scale = niceCeil(Math.max(2, s.total * 1.15));
    for (const name of ROWS) {
      const ms = name === 'total' ? s.total : isDetailStage(name) ? s.detail[name] : s.stages[name];
      const bar = this.bars.get(name);
      if (bar === undefined) continue;
      bar.fill.style.width = `${Math.min(100, (100 * ms) / scale).toFixed(1)}%`;
      bar.value.textContent = ms < 100 ? ms.toFixed(2) : ms.toFixed(0);
    }
    this.fpsEl.textContent = fps.toFixed(0);
    this.stepsEl.textContent = s.steps.toFixed(1);
    this.bodiesEl.textContent = String(s.bodies);
    this.contactsEl.textContent = String(s.contacts);
    if (this.detailVisible) {
      for (const c of DETAIL_COUNTERS) {
        const el = this.counterEls.get(c);
        if (el !== undefined) el.textContent = String(Math.round(s.counters[c]));
      }
    }
  }
}

function isDetailStage(name: BarName): name is DetailStage {
  return (DETAIL_STAGES as readonly string[]).includes(name);
}

function niceCeil(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

/** The element with id `id`. @throws Error when index.html lacks it. */
export function byId(doc: Document, id: string): HTMLElement {
  const el = doc.getElementById(id);
  if (el === null) throw new Error(`sample game: missing element #${id} in index.html`);
  return el;
}
