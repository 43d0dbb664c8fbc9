/**
 * The profile overlay (plain HTML/CSS): one bar per step stage with its time per rendered frame
 * (the sum over the fixed steps taken in that frame, in ms), the whole physics time, and the body,
 * contact, fps and steps-per-frame counts. Values are smoothed (exponential moving average) and the
 * DOM is written a few times per second, not every frame.
 */

import { STAGES, type StageName, type StepProfile } from '../plugin/index';

/** Per-frame physics totals, summed over the steps of one rendered frame. */
export interface FrameProfile {
  /** unit: ms, per stage */
  stages: Record<StageName, number>;
  /** unit: ms */
  total: number;
  steps: number;
  bodies: number;
  contacts: number;
}

export function createFrameProfile(): FrameProfile {
  return {
    stages: { broadphase: 0, narrowphase: 0, assembly: 0, solve: 0, integrate: 0 },
    total: 0, steps: 0, bodies: 0, contacts: 0,
  };
}

/** Adds one step's profile to a frame's totals. */
export function addStepProfile(frame: FrameProfile, step: StepProfile): void {
  for (const s of STAGES) frame.stages[s] += step.stages[s];
  frame.total += step.total;
  frame.steps++;
  frame.bodies = step.bodies;
  frame.contacts = step.contacts;
}

export function clearFrameProfile(frame: FrameProfile): void {
  for (const s of STAGES) frame.stages[s] = 0;
  frame.total = 0;
  frame.steps = 0;
}

interface Bar {
  fill: HTMLElement;
  value: HTMLElement;
}

const LABELS: Record<StageName | 'total', string> = {
  broadphase: 'broadphase', narrowphase: 'narrowphase', assembly: 'assembly', solve: 'solve',
  integrate: 'integrate', total: 'total',
};

export class ProfileOverlay {
  private readonly bars = new Map<StageName | 'total', Bar>();
  private readonly smooth = createFrameProfile();
  private readonly fpsEl: HTMLElement;
  private readonly stepsEl: HTMLElement;
  private readonly bodiesEl: HTMLElement;
  private readonly contactsEl: HTMLElement;
  private lastPaint = 0;
  private hasSample = false;

  /** @param doc the document holding the overlay's elements (see index.html). */
  constructor(doc: Document, private readonly paintIntervalMs = 200) {
    const container = byId(doc, 'profile-bars');
    for (const name of [...STAGES, 'total'] as const) {
      const label = doc.createElement('span');
      label.className = 'bar-label';
      label.textContent = LABELS[name];
      const track = doc.createElement('div');
      track.className = 'bar-track';
      const fill = doc.createElement('div');
      fill.className = `bar-fill bar-${name}`;
      track.append(fill);
      const value = doc.createElement('span');
      value.className = 'bar-value';
      value.textContent = '0.00';
      container.append(label, track, value);
      this.bars.set(name, { fill, value });
    }
    this.fpsEl = byId(doc, 'stat-fps');
    this.stepsEl = byId(doc, 'stat-steps');
    this.bodiesEl = byId(doc, 'stat-bodies');
    this.contactsEl = byId(doc, 'stat-contacts');
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
    s.total += k * (frame.total - s.total);
    s.steps += k * (frame.steps - s.steps);
    if (frame.steps > 0) {
      s.bodies = frame.bodies;
      s.contacts = frame.contacts;
    }
    if (nowMs - this.lastPaint < this.paintIntervalMs) return;
    this.lastPaint = nowMs;
    // Full scale: the next "nice" value above the total, at least 2 ms.
    const scale = niceCeil(Math.max(2, s.total * 1.15));
    for (const name of [...STAGES, 'total'] as const) {
      const ms = name === 'total' ? s.total : s.stages[name];
      const bar = this.bars.get(name);
      if (bar === undefined) continue;
      bar.fill.style.width = `${Math.min(100, (100 * ms) / scale).toFixed(1)}%`;
      bar.value.textContent = ms.toFixed(2);
    }
    this.fpsEl.textContent = fps.toFixed(0);
    this.stepsEl.textContent = s.steps.toFixed(1);
    this.bodiesEl.textContent = String(s.bodies);
    this.contactsEl.textContent = String(s.contacts);
  }
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
