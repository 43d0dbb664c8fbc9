/**
 * The profile overlay (plain HTML/CSS): one bar per step stage with its time per rendered frame
 * (the sum over the fixed steps taken in that frame, in ms), the whole physics time, the frame time
 * (the interval between frames) and the render time (the render call less the physics in it), and the
 * body, contact, fps and steps-per-frame counts. In accurate mode (the `lcp` solver) it also shows the
 * solver's sub-stages under "solve" (impact phase, LCP build, Lemke; ms per frame) and its counters
 * for the last step, in words a player can read (groups of touching bodies, how many were solved
 * exactly, solver steps, impact rounds). Times are smoothed (exponential moving average) and the DOM is written a few times per
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
    stages: { broadphase: 0, narrowphase: 0, assembly: 0, solve: 0, integrate: 0 },
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
  broadphase: 'broadphase', narrowphase: 'narrowphase', assembly: 'assembly', solve: 'solve',
  integrate: 'integrate', total: 'physics', impactMs: '↳ impacts', lcpBuildMs: '↳ LCP build', lemkeMs: '↳ Lemke',
};

const TITLES: Partial<Record<BarName, string>> = {
  total: 'all physics stages of the frame',
  impactMs: 'PLUS impact phase (simultaneous frictional impacts), part of solve',
  lcpBuildMs: 'free velocities, contact rows and islands of the Stewart–Trinkle LCP, part of solve',
  lemkeMs: "solving each island's LCP with Lemke's algorithm (or the projected fallback for islands " +
    'larger than maxLcpSize or where Lemke fails), part of solve',
};

const COUNTER_LABELS: Record<DetailCounter, string> = {
  lemkePivots: 'solver steps', islands: 'touching groups', lcpSize: 'biggest group', fallbacks: 'approximated',
  impactRounds: 'impact rounds', impactIntervals: 'impact sub-steps',
};

const COUNTER_TITLES: Record<DetailCounter, string> = {
  lemkePivots: "pivots of Lemke's algorithm, over all groups",
  islands: 'islands: groups of bodies touching or jointed to each other, each solved on its own',
  lcpSize: 'unknowns (contact and friction impulses) of the largest group: the cost grows with it',
  fallbacks: 'groups too big or too slow for the exact solve, solved approximately instead (projected Gauss–Seidel)',
  impactRounds: 'rounds of the PLUS impact phase: each passes momentum on through touching bodies',
  impactIntervals: 'sub-steps within the impact rounds (a contact changing between sticking and sliding ends one)',
};

/** One sentence on the last accurate step, e.g. "3 of 4 touching groups solved exactly, 1 approximated". */
export function accurateSummary(c: Record<DetailCounter, number>): string {
  const groups = Math.round(c.islands);
  const approx = Math.min(groups, Math.round(c.fallbacks));
  if (groups === 0) return 'Nothing touching: no groups to solve.';
  const exact = groups - approx;
  const noun = groups === 1 ? 'touching group' : 'touching groups';
  const head = exact === groups ? `All ${groups} ${noun} solved exactly` : `${exact} of ${groups} ${noun} solved exactly`;
  const tail = approx > 0 ? `, ${approx} approximated (too big or too slow for the exact solve)` : '';
  const impacts = c.impactRounds > 0 ? `; impacts passed on in ${Math.round(c.impactRounds)} round${Math.round(c.impactRounds) === 1 ? '' : 's'}` : '';
  return `${head}${tail}${impacts}.`;
}

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
  private readonly summaryEl: HTMLElement;
  private readonly frameEl: HTMLElement;
  private readonly renderEl: HTMLElement;
  private readonly brief: HTMLElement;
  /** Smoothed frame interval and render time (unit: ms). */
  private frameMs = 0;
  private renderMs = 0;
  private hasFrameTime = false;
  /** Physics time of the last sampled frame, unsmoothed (unit: ms): taken out of the render call. */
  private lastPhysicsMs = 0;
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
      pair.title = COUNTER_TITLES[c];
      const dd = doc.createElement('dd');
      dd.dataset.counter = c;
      dd.textContent = '0';
      pair.append(dt, dd);
      list.append(pair);
      this.counterEls.set(c, dd);
    }
    this.countersEl.hidden = true;
    this.summaryEl = byId(doc, 'solver-summary');
    this.frameEl = byId(doc, 'stat-frame');
    this.renderEl = byId(doc, 'stat-render');
    this.brief = byId(doc, 'profile-brief');
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
    this.lastPhysicsMs = frame.total;
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
    this.frameEl.textContent = this.frameMs.toFixed(1);
    this.renderEl.textContent = this.renderMs.toFixed(1);
    this.brief.textContent = `physics ${s.total.toFixed(1)} · render ${this.renderMs.toFixed(1)} · frame ${this.frameMs.toFixed(0)} ms`;
    if (this.detailVisible) {
      for (const c of DETAIL_COUNTERS) {
        const el = this.counterEls.get(c);
        if (el !== undefined) el.textContent = String(Math.round(s.counters[c]));
      }
      this.summaryEl.textContent = accurateSummary(s.counters);
    }
  }

  /**
   * Feeds one rendered frame's timing, after its render call (which ran the frame's physics steps).
   * @param frameIntervalMs time since the previous frame (unit: ms), e.g. `engine.getDeltaTime()`.
   * @param renderCallMs wall time of the `scene.render()` call (unit: ms); the physics time sampled
   *   during it is taken out, leaving the render time (CPU side; the GPU may still be drawing).
   */
  sampleFrameTime(frameIntervalMs: number, renderCallMs: number): void {
    const k = this.hasFrameTime ? 0.1 : 1;
    this.hasFrameTime = true;
    this.frameMs += k * (frameIntervalMs - this.frameMs);
    this.renderMs += k * (Math.max(0, renderCallMs - this.lastPhysicsMs) - this.renderMs);
    this.lastPhysicsMs = 0;
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
