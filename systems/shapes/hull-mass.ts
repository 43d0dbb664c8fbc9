/**
 * Volume, centroid and inertia tensor of a closed convex polyhedron of unit density, by decomposition
 * into tetrahedra (r, a, b, c): r a reference point inside (the mean of the vertices), (a, b, c) the
 * fan triangles of each face. Per tetrahedron with edge vectors A = [a−r, b−r, c−r] (columns) and
 * det = det A (6 × its volume), the second moment about r is C = det · A S Aᵀ with
 * S = [[2, 1, 1], [1, 2, 1], [1, 1, 2]] / 120 (Tonon 2004, "Explicit exact formulas for the 3-D
 * tetrahedron inertia tensor in terms of its vertex coordinates", eq. 2–3, in covariance form as in
 * Blow & Binstock 2004, "How to find the inertia tensor (or other mass properties) of a 3D solid body
 * represented by a triangle mesh"). Summed, moved to the centroid g by C_g = C − V (g−r)(g−r)ᵀ, and
 * I = tr(C_g) E − C_g.
 */

/** Mass properties per unit density. */
export interface UnitMassProperties {
  /** unit: m³ */
  volume: number;
  /** `[3]` unit: m */
  centroid: Float64Array;
  /** `[9]` row-major, about the centroid (unit: m⁵ = kg·m² per kg/m³). */
  inertia: Float64Array;
}

/** Mass properties of the polyhedron with `vertices` `[3 × n]` and polygon faces (outward loops). */
export function hullMassProperties(vertices: Float64Array, faceStart: Int32Array, faceVertices: Int32Array): UnitMassProperties {
  const nv = vertices.length / 3;
  let rx = 0, ry = 0, rz = 0;
  for (let i = 0; i < nv; i++) { rx += vertices[3 * i]; ry += vertices[3 * i + 1]; rz += vertices[3 * i + 2]; }
  rx /= nv; ry /= nv; rz /= nv;
  let vol6 = 0, gx = 0, gy = 0, gz = 0;
  const c = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  const faceCount = faceStart.length - 1;
  for (let f = 0; f < faceCount; f++) {
    const s = faceStart[f], e = faceStart[f + 1];
    const i0 = faceVertices[s];
    for (let k = s + 1; k + 1 < e; k++) {
      const i1 = faceVertices[k], i2 = faceVertices[k + 1];
      const a = [vertices[3 * i0] - rx, vertices[3 * i0 + 1] - ry, vertices[3 * i0 + 2] - rz];
      const b = [vertices[3 * i1] - rx, vertices[3 * i1 + 1] - ry, vertices[3 * i1 + 2] - rz];
      const d = [vertices[3 * i2] - rx, vertices[3 * i2 + 1] - ry, vertices[3 * i2 + 2] - rz];
      const det = a[0] * (b[1] * d[2] - b[2] * d[1]) - a[1] * (b[0] * d[2] - b[2] * d[0]) + a[2] * (b[0] * d[1] - b[1] * d[0]);
      vol6 += det;
      gx += det * (a[0] + b[0] + d[0]); gy += det * (a[1] + b[1] + d[1]); gz += det * (a[2] + b[2] + d[2]);
      // A S Aᵀ with S = (E + 1 1ᵀ) / 120: (Σ_k v_k v_kᵀ + s sᵀ) / 120, s = a + b + d
      for (let p = 0; p < 3; p++) {
        for (let q = 0; q < 3; q++) {
          const sp = a[p] + b[p] + d[p], sq = a[q] + b[q] + d[q];
          c[3 * p + q] += det * (a[p] * a[q] + b[p] * b[q] + d[p] * d[q] + sp * sq) / 120;
        }
      }
    }
  }
  const volume = vol6 / 6;
  // centroid of a tetrahedron (r, a, b, d) = r + (a + b + d)/4; weights det/6
  const ox = gx / (4 * vol6), oy = gy / (4 * vol6), oz = gz / (4 * vol6);
  const g = [ox, oy, oz];
  for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) c[3 * p + q] -= volume * g[p] * g[q];
  const tr = c[0] + c[4] + c[8];
  const inertia = new Float64Array(9);
  for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) inertia[3 * p + q] = (p === q ? tr : 0) - c[3 * p + q];
  inertia[3] = inertia[1]; inertia[6] = inertia[2]; inertia[7] = inertia[5];
  return { volume, centroid: new Float64Array([rx + ox, ry + oy, rz + oz]), inertia };
}
