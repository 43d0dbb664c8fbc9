/**
 * The module-state checker behind `module-state.test.ts`: lists every declaration at the top level of a
 * library module (`math/`, `components/`, `systems/`, `plugin/`) whose value can be written, so that
 * scratch and state live on the world or the solver and never at module level (`docs/architecture.md`,
 * "Allocation"): a typed array or an array or object a module creates (a constant table included: it
 * must be listed in the test's reviewed allow-list), any `let` or `var`, and any collection
 * (`new Map`, `new Set`, …). Not reported: primitives, functions, classes, and literals frozen by the
 * type system (`as const`, or a column table `satisfies ColumnTable`).
 */

import ts from 'typescript';

export interface ModuleState {
  file: string;
  name: string;
  /** What makes it writable: 'let', 'typed array', 'array', 'object', 'collection'. */
  kind: string;
}

export const LIBRARY_LAYERS = ['math', 'components', 'systems', 'plugin'] as const;

const TYPED = /^(Float64|Float32|Int32|Int16|Int8|Uint32|Uint16|Uint8|Uint8Clamped|BigInt64|BigUint64)Array$/;

function unwrap(e: ts.Expression): { e: ts.Expression; frozen: boolean } {
  let frozen = false;
  for (;;) {
    if (ts.isParenthesizedExpression(e)) e = e.expression;
    else if (ts.isAsExpression(e)) {
      if (ts.isTypeReferenceNode(e.type) && e.type.typeName.getText() === 'const') frozen = true;
      e = e.expression;
    } else if (ts.isSatisfiesExpression(e)) { frozen = true; e = e.expression; }
    else return { e, frozen };
  }
}

/** The kind of writable value `init` makes, or undefined. */
function writableKind(init: ts.Expression): string | undefined {
  const { e, frozen } = unwrap(init);
  if (ts.isNewExpression(e)) {
    const name = e.expression.getText();
    if (TYPED.test(name)) return 'typed array';
    if (name === 'Array') return 'array';
    if (/^(Map|Set|WeakMap|WeakSet)$/.test(name)) return 'collection';
    return 'object';
  }
  if (ts.isCallExpression(e)) {
    const callee = e.expression;
    if (ts.isPropertyAccessExpression(callee) && TYPED.test(callee.expression.getText())) return 'typed array';
    if (ts.isPropertyAccessExpression(callee) && callee.expression.getText() === 'Array') return 'array';
    // a method of a new value (`new Array(n).fill(0)`): that value
    if (ts.isPropertyAccessExpression(callee) && !ts.isIdentifier(callee.expression)) return writableKind(callee.expression);
    return undefined; // a function's result: a primitive or a frozen value by convention (reviewed below)
  }
  if (frozen) return undefined;
  if (ts.isArrayLiteralExpression(e)) return 'array';
  if (ts.isObjectLiteralExpression(e)) return 'object';
  return undefined;
}

/** Every writable top-level declaration of `source` (the file `file`). */
export function moduleState(file: string, source: string): ModuleState[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const out: ModuleState[] = [];
  for (const st of sf.statements) {
    if (!ts.isVariableStatement(st)) continue;
    const isConst = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const d of st.declarationList.declarations) {
      const name = d.name.getText();
      if (!isConst) { out.push({ file, name, kind: 'let' }); continue; }
      const kind = d.initializer === undefined ? undefined : writableKind(d.initializer);
      if (kind !== undefined) out.push({ file, name, kind });
    }
  }
  return out;
}
