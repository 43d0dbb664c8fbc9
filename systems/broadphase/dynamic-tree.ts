/**
 * Broadphase helper: a dynamic AABB tree (bounding volume hierarchy whose leaves are added, removed and
 * moved one at a time), as Box2D's `b2DynamicTree` (Catto 2019) and Bullet's dbvt. Each leaf holds a
 * fat AABB (the tight one grown by an extension) and an item (a collider entity id); a leaf is moved
 * only when its tight AABB leaves its fat one, so a body at rest costs one containment test per step.
 *
 * Insertion picks the sibling of least cost by a branch-and-bound descent on surface area (the surface
 * area heuristic: the cost of a node is the area of the union with the new leaf, plus the growth it
 * causes in every ancestor; Goldsmith & Salmon 1987, Catto 2019), then walks back to the root refitting
 * the ancestors and rotating unbalanced ones (an AVL rotation of the taller grandchild up; Box2D v2.4
 * `Balance`), so the height stays O(log n) whatever the order of insertion.
 *
 * Storage is SoA typed arrays indexed by node, grown geometrically; freed nodes are kept in a free list
 * threaded through `parent`. Nothing is allocated except when the tree grows. Queries use the tree's
 * own stack (`stack`), so a tree is not re-entrant: one query at a time.
 */

import { growFloat64, growInt32, nextCapacity } from '../../components/capacity';

/** The "no node" index. */
export const NULL_NODE = -1;

export interface DynamicTree {
  /** Nodes that fit in the arrays. */
  capacity: number;
  /** `[6 × capacity]` fat AABB of each node (min x y z, max x y z; unit: m, world). */
  box: Float64Array;
  /** `[capacity]` parent node (NULL_NODE at the root); for a free node, the next free node. */
  parent: Int32Array;
  /** `[capacity]` children (NULL_NODE for a leaf). */
  child1: Int32Array;
  child2: Int32Array;
  /** `[capacity]` height (leaf 0, free −1). */
  height: Int32Array;
  /** `[capacity]` the item of a leaf (collider entity id), −1 otherwise. */
  item: Int32Array;
  root: number;
  freeList: number;
  /** Leaves in the tree. */
  leafCount: number;
  /** Traversal scratch (grows with the height). */
  stack: Int32Array;
}

export function createDynamicTree(capacity = 16): DynamicTree {
  const t: DynamicTree = {
    capacity: 0, box: new Float64Array(0), parent: new Int32Array(0), child1: new Int32Array(0),
    child2: new Int32Array(0), height: new Int32Array(0), item: new Int32Array(0),
    root: NULL_NODE, freeList: NULL_NODE, leafCount: 0, stack: new Int32Array(64),
  };
  grow(t, capacity);
  return t;
}

function grow(t: DynamicTree, capacity: number): void {
  const old = t.capacity;
  t.box = growFloat64(t.box, 6 * capacity);
  t.parent = growInt32(t.parent, capacity);
  t.child1 = growInt32(t.child1, capacity);
  t.child2 = growInt32(t.child2, capacity);
  t.height = growInt32(t.height, capacity);
  t.item = growInt32(t.item, capacity);
  for (let i = old; i < capacity; i++) {
    t.parent[i] = i + 1 < capacity ? i + 1 : t.freeList;
    t.height[i] = -1;
  }
  t.freeList = old < capacity ? old : t.freeList;
  t.capacity = capacity;
}

function allocateNode(t: DynamicTree): number {
  if (t.freeList === NULL_NODE) grow(t, nextCapacity(t.capacity, t.capacity + 1));
  const n = t.freeList;
  t.freeList = t.parent[n];
  t.parent[n] = NULL_NODE;
  t.child1[n] = NULL_NODE;
  t.child2[n] = NULL_NODE;
  t.height[n] = 0;
  t.item[n] = -1;
  return n;
}

function freeNode(t: DynamicTree, n: number): void {
  t.parent[n] = t.freeList;
  t.height[n] = -1;
  t.item[n] = -1;
  t.freeList = n;
}

/** Surface area of the union of nodes' boxes `a` (index) and the box at `b[bo..]`, halved. */
function unionArea(box: Float64Array, a: number, b: Float64Array, bo: number): number {
  const o = 6 * a;
  const dx = Math.max(box[o + 3], b[bo + 3]) - Math.min(box[o], b[bo]);
  const dy = Math.max(box[o + 4], b[bo + 4]) - Math.min(box[o + 1], b[bo + 1]);
  const dz = Math.max(box[o + 5], b[bo + 5]) - Math.min(box[o + 2], b[bo + 2]);
  return dx * dy + dy * dz + dz * dx;
}

function area(box: Float64Array, o: number): number {
  const dx = box[o + 3] - box[o], dy = box[o + 4] - box[o + 1], dz = box[o + 5] - box[o + 2];
  return dx * dy + dy * dz + dz * dx;
}

/** box[n] = union of the boxes of nodes a and b. */
function setUnion(box: Float64Array, n: number, a: number, b: number): void {
  const o = 6 * n, oa = 6 * a, ob = 6 * b;
  for (let k = 0; k < 3; k++) {
    box[o + k] = Math.min(box[oa + k], box[ob + k]);
    box[o + 3 + k] = Math.max(box[oa + 3 + k], box[ob + 3 + k]);
  }
}

/**
 * Adds a leaf for `item` with the AABB `aabb[o..o+5]` grown by `extension` (unit: m) on every side;
 * returns the leaf's node index (the proxy).
 */
export function treeInsert(t: DynamicTree, item: number, aabb: ArrayLike<number>, o: number, extension: number): number {
  const leaf = allocateNode(t);
  const b = t.box, lo = 6 * leaf;
  for (let k = 0; k < 3; k++) {
    b[lo + k] = aabb[o + k] - extension;
    b[lo + 3 + k] = aabb[o + 3 + k] + extension;
  }
  t.item[leaf] = item;
  t.leafCount++;
  insertLeaf(t, leaf);
  return leaf;
}

/** Removes the leaf `leaf` (a proxy returned by {@link treeInsert}). */
export function treeRemove(t: DynamicTree, leaf: number): void {
  removeLeaf(t, leaf);
  freeNode(t, leaf);
  t.leafCount--;
}

/**
 * Updates leaf `leaf` for the tight AABB `aabb[o..o+5]`: when it still lies inside the leaf's fat AABB
 * nothing changes and false is returned; otherwise the leaf is reinserted with the AABB grown by
 * `extension` (unit: m) and true is returned. The node index stays the same.
 */
export function treeMove(t: DynamicTree, leaf: number, aabb: ArrayLike<number>, o: number, extension: number): boolean {
  const b = t.box, lo = 6 * leaf;
  if (b[lo] <= aabb[o] && b[lo + 1] <= aabb[o + 1] && b[lo + 2] <= aabb[o + 2]
    && b[lo + 3] >= aabb[o + 3] && b[lo + 4] >= aabb[o + 4] && b[lo + 5] >= aabb[o + 5]) return false;
  removeLeaf(t, leaf);
  for (let k = 0; k < 3; k++) {
    b[lo + k] = aabb[o + k] - extension;
    b[lo + 3 + k] = aabb[o + 3 + k] + extension;
  }
  insertLeaf(t, leaf);
  return true;
}

function insertLeaf(t: DynamicTree, leaf: number): void {
  if (t.root === NULL_NODE) {
    t.root = leaf;
    t.parent[leaf] = NULL_NODE;
    return;
  }
  const newParent = allocateNode(t); // first: it may grow the arrays read below
  const b = t.box, lo = 6 * leaf, c1 = t.child1, c2 = t.child2;
  // descend to the sibling of least cost (surface area heuristic)
  let index = t.root;
  while (c1[index] !== NULL_NODE) {
    const a = area(b, 6 * index);
    const combined = unionArea(b, index, b, lo);
    const cost = 2 * combined;
    const inheritance = 2 * (combined - a);
    const ch1 = c1[index], ch2 = c2[index];
    let cost1 = unionArea(b, ch1, b, lo) + inheritance;
    if (c1[ch1] !== NULL_NODE) cost1 -= area(b, 6 * ch1);
    let cost2 = unionArea(b, ch2, b, lo) + inheritance;
    if (c1[ch2] !== NULL_NODE) cost2 -= area(b, 6 * ch2);
    if (cost < cost1 && cost < cost2) break;
    index = cost1 < cost2 ? ch1 : ch2;
  }
  const sibling = index;
  const oldParent = t.parent[sibling];
  t.parent[newParent] = oldParent;
  setUnion(b, newParent, leaf, sibling);
  t.height[newParent] = t.height[sibling] + 1;
  if (oldParent !== NULL_NODE) {
    if (c1[oldParent] === sibling) c1[oldParent] = newParent; else c2[oldParent] = newParent;
  } else {
    t.root = newParent;
  }
  c1[newParent] = sibling;
  c2[newParent] = leaf;
  t.parent[sibling] = newParent;
  t.parent[leaf] = newParent;
  fixUpwards(t, t.parent[leaf]);
}

function removeLeaf(t: DynamicTree, leaf: number): void {
  if (leaf === t.root) {
    t.root = NULL_NODE;
    return;
  }
  const parent = t.parent[leaf];
  const grand = t.parent[parent];
  const sibling = t.child1[parent] === leaf ? t.child2[parent] : t.child1[parent];
  if (grand !== NULL_NODE) {
    if (t.child1[grand] === parent) t.child1[grand] = sibling; else t.child2[grand] = sibling;
    t.parent[sibling] = grand;
    freeNode(t, parent);
    fixUpwards(t, grand);
  } else {
    t.root = sibling;
    t.parent[sibling] = NULL_NODE;
    freeNode(t, parent);
  }
}

/** Walks from `index` to the root, balancing each node and refitting its box and height. */
function fixUpwards(t: DynamicTree, index: number): void {
  const h = t.height;
  while (index !== NULL_NODE) {
    index = balance(t, index);
    const a = t.child1[index], b = t.child2[index];
    h[index] = 1 + Math.max(h[a], h[b]);
    setUnion(t.box, index, a, b);
    index = t.parent[index];
  }
}

/** Rotates the taller grandchild of node A up when A's children differ in height by more than one
 * (AVL rotation); returns the node now at A's place. */
function balance(t: DynamicTree, iA: number): number {
  const h = t.height;
  if (t.child1[iA] === NULL_NODE || h[iA] < 2) return iA;
  const iB = t.child1[iA], iC = t.child2[iA];
  const diff = h[iC] - h[iB];
  return diff > 1 ? rotateUp(t, iA, iC, iB, true) : diff < -1 ? rotateUp(t, iA, iB, iC, false) : iA;
}

/** Lifts child X of A (the other child O) to A's place; X keeps its taller child, A takes the other
 * (at the slot X had when `xSecond`, else at A's first slot). */
function rotateUp(t: DynamicTree, iA: number, iX: number, iO: number, xSecond: boolean): number {
  const h = t.height, c1 = t.child1, c2 = t.child2, p = t.parent, box = t.box;
  const iF = c1[iX], iG = c2[iX];
  const keep = h[iF] > h[iG] ? iF : iG, give = keep === iF ? iG : iF;
  c1[iX] = iA;
  p[iX] = p[iA];
  p[iA] = iX;
  replaceChild(t, p[iX], iA, iX);
  c2[iX] = keep;
  if (xSecond) c2[iA] = give; else c1[iA] = give;
  p[give] = iA;
  setUnion(box, iA, iO, give);
  setUnion(box, iX, iA, keep);
  h[iA] = 1 + Math.max(h[iO], h[give]);
  h[iX] = 1 + Math.max(h[iA], h[keep]);
  return iX;
}

function replaceChild(t: DynamicTree, parent: number, from: number, to: number): void {
  if (parent === NULL_NODE) t.root = to;
  else if (t.child1[parent] === from) t.child1[parent] = to;
  else t.child2[parent] = to;
}

function push(t: DynamicTree, top: number, n: number): number {
  if (top === t.stack.length) t.stack = growInt32(t.stack, 2 * top);
  t.stack[top] = n;
  return top + 1;
}

/** A growable list of items found by {@link treeQuery} (`items[0..count)`). */
export interface TreeHits {
  items: Int32Array;
  count: number;
}

export function createTreeHits(): TreeHits {
  return { items: new Int32Array(64), count: 0 };
}

/**
 * Appends to `out` the item of every leaf whose fat AABB overlaps the box `aabb[o..o+5]` (touching
 * counts), in traversal order; returns the number appended. `out.count` is not reset.
 */
export function treeQuery(t: DynamicTree, aabb: ArrayLike<number>, o: number, out: TreeHits): number {
  if (t.root === NULL_NODE) return 0;
  const b = t.box, c1 = t.child1;
  const x0 = aabb[o], y0 = aabb[o + 1], z0 = aabb[o + 2], x1 = aabb[o + 3], y1 = aabb[o + 4], z1 = aabb[o + 5];
  const start = out.count;
  let top = push(t, 0, t.root);
  while (top > 0) {
    // the node masked to 24 bits (fewer than 2^24 nodes): its range known, the compiler drops the overflow checks
    const n = t.stack[--top] & 0xffffff;
    const no = 6 * n;
    if ((+(b[no] > x1) | +(b[no + 3] < x0) | +(b[no + 1] > y1) | +(b[no + 4] < y0) | +(b[no + 2] > z1) | +(b[no + 5] < z0)) !== 0) continue;
    if (c1[n] === -1 /* NULL_NODE */) {
      if (out.count === out.items.length) out.items = growInt32(out.items, 2 * out.count);
      out.items[out.count++] = t.item[n];
    } else {
      top = push(t, top, c1[n]);
      top = push(t, top, t.child2[n]);
    }
  }
  return out.count - start;
}

/**
 * Layout of a ray in a `Float64Array` of {@link RAY_LENGTH}: origin `[0..2]` (unit: m), direction
 * `[3..5]`, the direction's reciprocals `[RAY_INV..RAY_INV+2]` (set by {@link setRayInverse}), the
 * current maximum distance `[RAY_MAX_T]` (unit: |d|) and the entry distance {@link rayBoxEntry} wrote
 * last `[RAY_ENTRY]`. The ray routines take and give their doubles through such an array rather than
 * as arguments or return values, which V8 would box on the heap when a call is not inlined.
 */
export const RAY_INV = 6, RAY_MAX_T = 9, RAY_ENTRY = 10, RAY_LENGTH = 11;

/** Writes the reciprocals of `ray`'s direction components into `ray[RAY_INV..RAY_INV+2]`. */
export function setRayInverse(ray: Float64Array): void {
  ray[RAY_INV] = 1 / ray[3]; ray[RAY_INV + 1] = 1 / ray[4]; ray[RAY_INV + 2] = 1 / ray[5];
}

/** What a ray traversal calls for each leaf its ray reaches: `visit(item, ray)` may lower
 * `ray[RAY_MAX_T]` (to clip the ray after a hit) and returns false to stop the traversal. */
export interface TreeRayVisitor {
  visit(item: number, ray: Float64Array): boolean;
}

/**
 * Visits the leaves whose fat AABB the ray `o + t d`, t ∈ [0, ray[RAY_MAX_T]] (`ray` as
 * {@link RAY_LENGTH}; unit: m, world; d need not be unit, t is in units of |d|) touches, nearest
 * subtree first, skipping every subtree beyond the current maximum distance (the visitor lowers it).
 * Writes the reciprocals and entry slots of `ray`. Returns false when the visitor stopped the
 * traversal. Slab test per node (Kay & Kajiya 1986); a direction component of 0 tests the origin
 * against that slab.
 */
export function treeRayCast(t: DynamicTree, ray: Float64Array, visitor: TreeRayVisitor): boolean {
  if (t.root === NULL_NODE) return true;
  setRayInverse(ray);
  let top = push(t, 0, t.root);
  while (top > 0) {
    const n = t.stack[--top];
    if (!rayBoxEntry(t.box, 6 * n, ray)) continue;
    if (t.child1[n] === NULL_NODE) {
      if (!visitor.visit(t.item[n], ray)) return false;
      continue;
    }
    // nearer child last on the stack, so it is visited first
    const a = t.child1[n], b = t.child2[n];
    const hitA = rayBoxEntry(t.box, 6 * a, ray);
    const ta = ray[RAY_ENTRY];
    const hitB = rayBoxEntry(t.box, 6 * b, ray);
    const tb = ray[RAY_ENTRY];
    if (!hitB) { if (hitA) top = push(t, top, a); } else if (!hitA) top = push(t, top, b);
    else if (ta <= tb) { top = push(t, top, b); top = push(t, top, a); } else { top = push(t, top, a); top = push(t, top, b); }
  }
  return true;
}

/**
 * Whether the ray (`ray` as {@link RAY_LENGTH}, reciprocals set) meets the box `box[o..o+5]` within
 * [0, ray[RAY_MAX_T]]; when it does, writes where it enters the box (0 when it starts inside) into
 * `ray[RAY_ENTRY]`.
 */
export function rayBoxEntry(box: Float64Array, o: number, ray: Float64Array): boolean {
  const ox = ray[0], oy = ray[1], oz = ray[2];
  let t0 = 0, t1 = ray[RAY_MAX_T];
  if (ray[3] === 0) { if (ox < box[o] || ox > box[o + 3]) return false; } else {
    const ix = ray[RAY_INV];
    let a = (box[o] - ox) * ix, b = (box[o + 3] - ox) * ix;
    if (a > b) { const s = a; a = b; b = s; }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
    if (t0 > t1) return false;
  }
  if (ray[4] === 0) { if (oy < box[o + 1] || oy > box[o + 4]) return false; } else {
    const iy = ray[RAY_INV + 1];
    let a = (box[o + 1] - oy) * iy, b = (box[o + 4] - oy) * iy;
    if (a > b) { const s = a; a = b; b = s; }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
    if (t0 > t1) return false;
  }
  if (ray[5] === 0) { if (oz < box[o + 2] || oz > box[o + 5]) return false; } else {
    const iz = ray[RAY_INV + 2];
    let a = (box[o + 2] - oz) * iz, b = (box[o + 5] - oz) * iz;
    if (a > b) { const s = a; a = b; b = s; }
    if (a > t0) t0 = a;
    if (b < t1) t1 = b;
    if (t0 > t1) return false;
  }
  ray[RAY_ENTRY] = t0;
  return true;
}
