/**
 * Deterministic transcendental functions: the same bits in every JavaScript engine.
 *
 * `Math.sin`, `cos`, `atan2`, `exp`, `log`, `pow` (and `**` with a non-integer exponent) are only
 * required to be approximations by ECMAScript, and V8 builds, SpiderMonkey and JavaScriptCore return
 * different last bits for the same argument, so a simulation that calls them diverges between Node and
 * a browser from the first step. These routines use only `+ − × ÷`, `Math.sqrt` (all correctly rounded by
 * IEEE 754, hence identical everywhere), comparisons and `Math.floor` / `Math.abs`, in a fixed order.
 * Box2D v3 does the same with its own `b2ComputeCosSin` and `b2Atan2`; these are accurate to about
 * one unit in the last place instead, so they replace `Math` without changing any result beyond it.
 *
 * Sources: the argument reduction (Cody–Waite with π/2 split in three 33-bit parts) and the kernels are
 * those of Sun's fdlibm 5.3 (1993) as kept in FreeBSD's msun (`e_rem_pio2.c`, `k_sin.c`, `k_cos.c` with
 * Bruce D. Evans' simplification, `s_atan.c`, `e_exp.c`): minimax polynomials on [−π/4, π/4] (sin, cos),
 * the four-interval reduction of atan with a degree-11 odd minimax polynomial, and exp by
 * x = k ln 2 + r with the Remez rational form of exp(r). The coefficients are fdlibm's.
 *
 * Accuracy (measured against `Math` in Node over 10⁶ arguments, `test/unit/math/deterministic-math.test.ts`):
 * sin / cos ≤ 1 ulp for |x| < 2¹⁹·π/2 (beyond that the reduction loses bits, deterministically);
 * atan / atan2 ≤ 1 ulp; asin / acos ≤ 2 ulp; exp ≤ 1 ulp. Special values (±0, ±Infinity, NaN) as in `Math`.
 */

// sin / cos kernels on [−π/4, π/4] (fdlibm k_sin.c, k_cos.c); exported for `quatIntegrate`, which
// evaluates the kernels in line (see there)
export const S1 = -1.66666666666666324348e-01;
export const S2 = 8.33333333332248946124e-03;
export const S3 = -1.98412698298579493134e-04;
export const S4 = 2.75573137070700676789e-06;
export const S5 = -2.50507602534068634195e-08;
export const S6 = 1.58969099521155010221e-10;
export const C1 = 4.16666666666666019037e-02;
export const C2 = -1.38888888888741095749e-03;
export const C3 = 2.48015872894767294178e-05;
export const C4 = -2.75573143513906633035e-07;
export const C5 = 2.08757232129817482790e-09;
export const C6 = -1.13596475577881948265e-11;

// π/2 in three 33-bit pieces and their tails (fdlibm e_rem_pio2.c)
const INV_PIO2 = 6.36619772367581382433e-01;
const PIO2_1 = 1.57079632673412561417e+00;
const PIO2_2 = 6.07710050630396597660e-11;
const PIO2_3 = 2.02226624871116645580e-21;
const PIO2_3T = 8.47842766036889956997e-32;

/** sin(x + y) for |x + y| ≤ π/4, y the tail of x (|y| < ulp(x) / 2). For 2⁻²⁷ ≤ |x| ≤ π/4,
 * `kernelSin(x, 0)` is `detSin(x)` to the bit (the reduction leaves such x as it is); `quatIntegrate`
 * evaluates it in line there, because a call that is not inlined passes and returns its numbers boxed. */
export function kernelSin(x: number, y: number): number {
  const z = x * x, w = z * z;
  const r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
  const v = z * x;
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

/** cos(x + y) for |x + y| ≤ π/4. For |x| ≤ π/4, `kernelCos(x, 0)` is `detCos(x)` to the bit. */
export function kernelCos(x: number, y: number): number {
  const z = x * x, w = z * z;
  const r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const hz = 0.5 * z;
  const t = 1 - hz;
  return t + (((1 - t) - hz) + (z * r - x * y));
}

/** Scratch of the argument reduction: the reduced argument as head + tail, and the quadrant. A
 * per-call object would allocate, so the reduction returns the quadrant and leaves the two parts here;
 * the routines read them at once (no re-entry between the write and the read). Immutable layout, no
 * simulation state. */
const red = { hi: 0, lo: 0 };

/** x = n π/2 + (hi + lo) with |hi + lo| ≤ π/4 (about); returns n mod 4. */
function reduce(x: number): number {
  if (Math.abs(x) <= 0.7853981633974483) { red.hi = x; red.lo = 0; return 0; }
  const n = Math.floor(x * INV_PIO2 + 0.5);
  // three-stage Cody–Waite (fdlibm's second and third iterations, always taken): each n·PIO2_k is exact
  // for |n| < 2²⁰; PIO2_2T, the tail after the second piece, is refined by PIO2_3 + PIO2_3T
  let r = x - n * PIO2_1;
  r = r - n * PIO2_2;
  const t = r;
  let w = n * PIO2_3;
  r = t - w;
  w = n * PIO2_3T - ((t - r) - w);
  const hi = r - w;
  red.hi = hi;
  red.lo = (r - hi) - w;
  return ((n % 4) + 4) % 4;
}

/** sin x (x in rad). */
export function detSin(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  if (Math.abs(x) < 7.450580596923828e-9) return x; // |x| < 2⁻²⁷: sin x = x to the last bit (keeps −0)
  const q = reduce(x);
  const hi = red.hi, lo = red.lo;
  switch (q) {
    case 0: return kernelSin(hi, lo);
    case 1: return kernelCos(hi, lo);
    case 2: return -kernelSin(hi, lo);
    default: return -kernelCos(hi, lo);
  }
}

/**
 * sin of `b[o]` (rad), written to `b[o]`: {@link detSin} to the bit, with the kernels evaluated in line.
 * The step's form, as {@link atanAt}: a number passed to or returned from a call that V8 does not inline
 * is a new heap number at each call; an element of a `Float64Array` is not.
 */
export function sinAt(b: Float64Array, o: number): void {
  const x = b[o];
  if (!Number.isFinite(x)) { b[o] = NaN; return; }
  if (Math.abs(x) < 7.450580596923828e-9) return; // |x| < 2⁻²⁷: sin x = x to the last bit (keeps −0)
  const q = reduce(x);
  const hi = red.hi, lo = red.lo;
  const z = hi * hi, w = z * z;
  if (q === 0 || q === 2) { // ±kernelSin(hi, lo)
    const r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    const v = z * hi;
    const k = hi - ((z * (0.5 * lo - v * r) - lo) - v * S1);
    b[o] = q === 0 ? k : -k;
  } else { // ±kernelCos(hi, lo)
    const r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    const hz = 0.5 * z;
    const t = 1 - hz;
    const k = t + (((1 - t) - hz) + (z * r - hi * lo));
    b[o] = q === 1 ? k : -k;
  }
}

/** cos x (x in rad). */
export function detCos(x: number): number {
  if (!Number.isFinite(x)) return NaN;
  const q = reduce(x);
  const hi = red.hi, lo = red.lo;
  switch (q) {
    case 0: return kernelCos(hi, lo);
    case 1: return -kernelSin(hi, lo);
    case 2: return -kernelCos(hi, lo);
    default: return kernelSin(hi, lo);
  }
}

// atan (fdlibm s_atan.c): atan of 0.5, 1, 1.5, ∞ as head + tail, and the odd minimax polynomial
const ATAN_HI = [4.63647609000806093515e-01, 7.85398163397448278999e-01, 9.82793723247329054082e-01, 1.57079632679489655800e+00];
const ATAN_LO = [2.26987774529616870924e-17, 3.06161699786838301793e-17, 1.39033110312309984516e-17, 6.12323399573676603587e-17];
const AT0 = 3.33333333333329318027e-01;
const AT1 = -1.99999999998764832476e-01;
const AT2 = 1.42857142725034663711e-01;
const AT3 = -1.11111104054623557880e-01;
const AT4 = 9.09088713343650656196e-02;
const AT5 = -7.69187620504482999495e-02;
const AT6 = 6.66107313738753120669e-02;
const AT7 = -5.83357013379057348645e-02;
const AT8 = 4.97687799461593236017e-02;
const AT9 = -3.65315727442169155270e-02;
const AT10 = 1.62858201153657823623e-02;

/**
 * Scratch of the scalar forms below ({@link detAtan}, {@link detAtan2}, {@link detAsin}, {@link detAcos}):
 * their argument and result. No simulation state; no re-entry between the write and the read.
 */
const arg = new Float64Array(2);

/**
 * atan of `b[o]` (rad, in [−π/2, π/2]), written to `b[o]`: the form the step calls. A number passed to
 * or returned from a call that V8 does not inline is a new heap number at each call (the joint rows
 * called these routines about 10⁴ times per step); an element of a `Float64Array` is not.
 */
export function atanAt(b: Float64Array, o: number): void {
  const x = b[o];
  if (x !== x) { b[o] = NaN; return; }
  const ax = Math.abs(x);
  if (ax >= 7.378697629483821e19) { b[o] = x > 0 ? ATAN_HI[3] + ATAN_LO[3] : -ATAN_HI[3] - ATAN_LO[3]; return; } // |x| ≥ 2⁶⁶
  let id = -1;
  let t = ax;
  if (ax < 0.4375) {
    if (ax < 3.725290298461914e-9) return; // |x| < 2⁻²⁸: atan x = x
  } else if (ax < 1.1875) {
    if (ax < 0.6875) { id = 0; t = (2 * ax - 1) / (2 + ax); } else { id = 1; t = (ax - 1) / (ax + 1); }
  } else if (ax < 2.4375) { id = 2; t = (ax - 1.5) / (1 + 1.5 * ax); } else { id = 3; t = -1 / ax; }
  const z = t * t, w = z * z;
  const s1 = z * (AT0 + w * (AT2 + w * (AT4 + w * (AT6 + w * (AT8 + w * AT10)))));
  const s2 = w * (AT1 + w * (AT3 + w * (AT5 + w * (AT7 + w * AT9))));
  if (id < 0) { b[o] = x - x * (s1 + s2); return; }
  const r = ATAN_HI[id] - ((t * (s1 + s2) - ATAN_LO[id]) - t);
  b[o] = x < 0 ? -r : r;
}

/** atan x (rad, in [−π/2, π/2]). */
export function detAtan(x: number): number {
  arg[0] = x;
  atanAt(arg, 0);
  return arg[0];
}

const PI = Math.PI;
const PI_LO = 1.2246467991473532e-16;
const PI_O_2 = Math.PI / 2;
const PI_O_4 = Math.PI / 4;

/**
 * atan2(y, x) of y = `b[o]`, x = `b[o + 1]`: the angle of (x, y) in (−π, π] (rad), with `Math.atan2`'s
 * special cases, written to `b[o]` (`b[o + 1]` is kept). The step's form, as {@link atanAt}.
 */
export function atan2At(b: Float64Array, o: number): void {
  const y = b[o], x = b[o + 1];
  if (x !== x || y !== y) { b[o] = NaN; return; }
  if (x === 1) { atanAt(b, o); return; }
  const yNeg = y < 0 || (y === 0 && 1 / y < 0);
  const xNeg = x < 0 || (x === 0 && 1 / x < 0);
  if (y === 0) {
    if (xNeg) b[o] = yNeg ? -PI : PI; // else ±0: b[o] is y
    return;
  }
  if (x === 0) { b[o] = yNeg ? -PI_O_2 : PI_O_2; return; }
  if (!Number.isFinite(x)) {
    const a = Number.isFinite(y) ? (xNeg ? PI : 0) : xNeg ? 3 * PI_O_4 : PI_O_4;
    b[o] = yNeg ? -a : a;
    return;
  }
  if (!Number.isFinite(y)) { b[o] = yNeg ? -PI_O_2 : PI_O_2; return; }
  const ay = Math.abs(y), ax = Math.abs(x);
  if (ay / ax > 1.152921504606847e18) b[o] = PI_O_2 + 0.5 * PI_LO; // |y/x| > 2⁶⁰
  else if (xNeg && ay / ax < 8.673617379884035e-19) b[o] = 0; // |y/x| < 2⁻⁶⁰ with x < 0
  else { b[o] = ay / ax; atanAt(b, o); }
  const z = b[o];
  if (!xNeg) { b[o] = yNeg ? -z : z; return; }
  const r = PI - (z - PI_LO);
  b[o] = yNeg ? -r : r;
}

/** atan2(y, x): the angle of (x, y) in (−π, π] (rad), with `Math.atan2`'s special cases. */
export function detAtan2(y: number, x: number): number {
  arg[0] = y;
  arg[1] = x;
  atan2At(arg, 0);
  return arg[0];
}

/** asin of x = `b[o]` (rad) for x in [−1, 1], NaN outside, written to `b[o]` (`b[o + 1]` is overwritten):
 * atan2(x, √((1 − x)(1 + x))). The step's form, as {@link atanAt}. */
export function asinAt(b: Float64Array, o: number): void {
  const x = b[o];
  if (!(x >= -1 && x <= 1)) { b[o] = NaN; return; }
  b[o + 1] = Math.sqrt((1 - x) * (1 + x));
  atan2At(b, o);
}

/** asin x (rad) for x in [−1, 1]; NaN outside. As atan2(x, √((1 − x)(1 + x))). */
export function detAsin(x: number): number {
  arg[0] = x;
  asinAt(arg, 0);
  return arg[0];
}

/** acos x (rad) for x in [−1, 1]; NaN outside. As atan2(√((1 − x)(1 + x)), x). */
export function detAcos(x: number): number {
  if (!(x >= -1 && x <= 1)) return NaN;
  return detAtan2(Math.sqrt((1 - x) * (1 + x)), x);
}

// exp (fdlibm e_exp.c)
const LN2_HI = 6.93147180369123816490e-01;
const LN2_LO = 1.90821492927058770002e-10;
const INV_LN2 = 1.44269504088896338700e+00;
const P1 = 1.66666666666666019037e-01;
const P2 = -2.77777777770155933842e-03;
const P3 = 6.61375632143793436117e-05;
const P4 = -1.65339022054652515390e-06;
const P5 = 4.13813679705723846039e-08;

/** 2^k for an integer k in [−1074, 1023], exactly (repeated squaring of powers of two). */
export function detPow2(k: number): number {
  if (k > 1023) return Infinity;
  if (k < -1074) return 0;
  let r = 1, b = k < 0 ? 0.5 : 2, n = k < 0 ? -k : k;
  while (n > 0) {
    if (n & 1) r *= b;
    b *= b;
    n >>= 1;
  }
  return r;
}

/** e^x. */
export function detExp(x: number): number {
  if (x !== x) return NaN;
  if (x > 709.782712893383973096) return Infinity;
  if (x < -745.13321910194110842) return 0;
  if (Math.abs(x) < 3.725290298461914e-9) return 1 + x; // |x| < 2⁻²⁸
  const k = Math.floor(x * INV_LN2 + 0.5);
  const hi = x - k * LN2_HI, lo = k * LN2_LO;
  const r = hi - lo;
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const y = 1 - ((lo - (r * c) / (2 - c)) - hi);
  // scale by 2^k in two factors so that neither over- nor underflows on the way
  const k1 = k > 0 ? Math.floor(k / 2) : Math.ceil(k / 2);
  return y * detPow2(k1) * detPow2(k - k1);
}
