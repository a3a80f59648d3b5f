// A direct recursive LTLf evaluator, written from the definitions and independent of plugin/ltl/compile.ts.
import fc from 'fast-check'
import type { BinaryKind, Formula, UnaryKind } from '../../plugin/ltl/index.js'

export type Trace = readonly ReadonlySet<string>[]

/** Does `f` hold at position `i` of a non-empty finite trace? The empty trace satisfies nothing. */
export function holds(f: Formula, trace: Trace, i = 0): boolean {
  const n = trace.length
  if (n === 0) return false
  const at = (g: Formula, j: number) => holds(g, trace, j)
  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, k) => from + k)
  switch (f.kind) {
    case 'true':
      return true
    case 'false':
      return false
    case 'prop':
      return trace[i]!.has(f.name)
    case 'not':
      return !at(f.arg, i)
    case 'next':
      return i + 1 < n && at(f.arg, i + 1)
    case 'weakNext':
      return i + 1 >= n || at(f.arg, i + 1)
    case 'eventually':
      return range(i, n).some((j) => at(f.arg, j))
    case 'always':
      return range(i, n).every((j) => at(f.arg, j))
    case 'and':
      return at(f.left, i) && at(f.right, i)
    case 'or':
      return at(f.left, i) || at(f.right, i)
    case 'implies':
      return !at(f.left, i) || at(f.right, i)
    case 'iff':
      return at(f.left, i) === at(f.right, i)
    case 'until':
      return range(i, n).some((j) => at(f.right, j) && range(i, j).every((k) => at(f.left, k)))
    case 'release':
      return range(i, n).every((j) => at(f.right, j) || range(i, j).some((k) => at(f.left, k)))
    case 'weakUntil':
      return (
        range(i, n).some((j) => at(f.right, j) && range(i, j).every((k) => at(f.left, k))) ||
        range(i, n).every((j) => at(f.left, j))
      )
  }
}

const UNARY: UnaryKind[] = ['not', 'next', 'weakNext', 'eventually', 'always']
const BINARY: BinaryKind[] = ['and', 'or', 'implies', 'iff', 'until', 'release', 'weakUntil']

/** Random formulas over `props`, nesting at most `depth` operators deep. */
export function formulaArbitrary(props: readonly string[] = ['a', 'b', 'c'], depth = 4): fc.Arbitrary<Formula> {
  const leaf: fc.Arbitrary<Formula> = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...props).map((name): Formula => ({ kind: 'prop', name })) },
    { weight: 1, arbitrary: fc.constantFrom<Formula>({ kind: 'true' }, { kind: 'false' }) },
  )
  const { formula } = fc.letrec<{ formula: Formula }>((tie) => ({
    formula: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      leaf,
      fc.record(
        { kind: fc.constantFrom(...UNARY), arg: tie('formula') },
        { noNullPrototype: true },
      ) as fc.Arbitrary<Formula>,
      fc.record(
        { kind: fc.constantFrom(...BINARY), left: tie('formula'), right: tie('formula') },
        { noNullPrototype: true },
      ) as fc.Arbitrary<Formula>,
    ),
  }))
  return formula
}

/** Random non-empty traces over `props`, up to `maxLength` steps. */
export function traceArbitrary(props: readonly string[] = ['a', 'b', 'c'], maxLength = 6): fc.Arbitrary<Trace> {
  return fc.array(
    fc.subarray([...props]).map((s) => new Set(s)),
    { minLength: 1, maxLength },
  )
}
