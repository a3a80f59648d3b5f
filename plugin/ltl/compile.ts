import { Alphabet } from '../automata/alphabet.js'
import { Dfa } from '../automata/dfa.js'
import { minimize } from '../automata/minimize.js'
import { TooManyStatesError } from '../automata/size-limit.js'
import { type Formula, isBinary, isUnary, propositions } from './ast.js'

/** A letter of the compiled DFA: its name and the propositions true at a step reading it. */
export interface Letter {
  readonly name: string
  readonly props: ReadonlySet<string>
}

/** Every valuation costs a column, so formulas over more propositions than this are refused. */
export const MAX_VALUATION_PROPOSITIONS = 12

export interface CompileOptions {
  /**
   * The letters to compile over. Default: every valuation of the formula's propositions, named `{}`, `{a}`,
   * `{a,b}`, ... in bitmask order (proposition i, in sorted order, is bit i; see `valuationIndex`).
   */
  readonly letters?: readonly Letter[]
  /**
   * The most transitions (states × letters) the construction may build before it is refused with a
   * TooManyStatesError: each costs an expansion, and F p1 & ... & F p12 would need 4,096 × 4,096 of them.
   * Default MAX_COMPILE_TRANSITIONS.
   */
  readonly maxTransitions?: number
}

/** A law or phrase compiles to far fewer; this bounds the construction to a few seconds. */
export const MAX_COMPILE_TRANSITIONS = 100_000

/**
 * LTLf → minimal DFA. A trace is a non-empty sequence of steps; the DFA reads one letter per step and accepts
 * exactly the traces satisfying the formula. The empty trace satisfies no formula (LTLf traces have a first
 * step), so the initial state never accepts.
 *
 * Construction: the formula is put in negation normal form, and a state is what remains to be shown, kept as a
 * disjunction of conjunctions of *obligations* "X φ" (φ must hold at a next step, which must exist) and "N φ"
 * (φ must hold at a next step, if there is one). Reading a letter expands each obligation by the fixpoint laws
 * (φ U ψ = ψ ∨ (φ ∧ X(φ U ψ)), φ R ψ = ψ ∧ (φ ∨ N(φ R ψ))) against that letter's valuation. A state accepts
 * when some conjunction holds only weak obligations. The obligations are subformulas, so the states are finite.
 */
export function compileLtl(formula: Formula, options: CompileOptions = {}): Dfa {
  const letters = options.letters ?? valuationLetters(propositions(formula))
  if (letters.length === 0) throw new Error('cannot compile over an empty set of letters')
  const nodes = new NodeTable()
  const root = nodes.nnf(formula, true)
  const expander = new Expander(nodes)

  const ids = new Map<string, number>()
  const states: Dnf[] = []
  const idOf = (dnf: Dnf): number => {
    const key = dnfKey(dnf)
    let id = ids.get(key)
    if (id === undefined) {
      id = states.length
      ids.set(key, id)
      states.push(dnf)
    }
    return id
  }
  idOf([[obligation(root, true)]])
  const table: number[] = []
  const maxStates = Math.max(1, Math.floor((options.maxTransitions ?? MAX_COMPILE_TRANSITIONS) / letters.length))
  for (let s = 0; s < states.length; s++) {
    if (states.length > maxStates) {
      throw new TooManyStatesError(
        maxStates,
        `the DFA of the formula over ${letters.length.toLocaleString('en')} letters`,
      )
    }
    for (const letter of letters) table.push(idOf(expander.step(states[s]!, letter.props)))
  }
  const accepting = Uint8Array.from(states, (dnf) => (dnf.some((cube) => cube.every((o) => !isStrong(o))) ? 1 : 0))
  const alphabet = new Alphabet(letters.map((l) => l.name))
  return minimize(new Dfa(alphabet, 0, accepting, Int32Array.from(table)))
}

/** All valuations of `props` (sorted, unique), in bitmask order. */
export function valuationLetters(props: readonly string[]): Letter[] {
  if (props.length > MAX_VALUATION_PROPOSITIONS) {
    throw new Error(
      `a formula over ${props.length} propositions is too large to compile (at most ${MAX_VALUATION_PROPOSITIONS})`,
    )
  }
  return Array.from({ length: 1 << props.length }, (_, mask) => {
    const set = props.filter((_, i) => mask & (1 << i))
    return { name: `{${set.join(',')}}`, props: new Set(set) }
  })
}

/** The letter index of a step in a DFA compiled over the valuations of `props` (sorted, as compileLtl uses). */
export function valuationIndex(
  props: readonly string[],
  trueAtStep: ReadonlySet<string> | ((p: string) => boolean),
): number {
  const holds = typeof trueAtStep === 'function' ? trueAtStep : (p: string) => trueAtStep.has(p)
  let mask = 0
  for (let i = 0; i < props.length; i++) if (holds(props[i]!)) mask |= 1 << i
  return mask
}

// ---- negation normal form, hash-consed ----

type Node =
  | { readonly kind: 'true' | 'false' }
  | { readonly kind: 'lit'; readonly name: string; readonly positive: boolean }
  | { readonly kind: 'and' | 'or' | 'until' | 'release'; readonly left: number; readonly right: number }
  | { readonly kind: 'next' | 'weakNext'; readonly arg: number }

class NodeTable {
  readonly nodes: Node[] = []
  private readonly ids = new Map<string, number>()

  private intern(node: Node): number {
    const key = JSON.stringify(node)
    let id = this.ids.get(key)
    if (id === undefined) {
      id = this.nodes.length
      this.nodes.push(node)
      this.ids.set(key, id)
    }
    return id
  }

  /** The NNF of `f` (or of ¬f when `positive` is false), as a node id. */
  nnf(f: Formula, positive: boolean): number {
    const pair = (kind: 'and' | 'or' | 'until' | 'release', left: number, right: number) =>
      this.intern({ kind, left, right })
    switch (f.kind) {
      case 'true':
      case 'false':
        return this.intern({ kind: (f.kind === 'true') === positive ? 'true' : 'false' })
      case 'prop':
        return this.intern({ kind: 'lit', name: f.name, positive })
    }
    if (isUnary(f)) {
      switch (f.kind) {
        case 'not':
          return this.nnf(f.arg, !positive)
        case 'next':
          return this.intern({ kind: positive ? 'next' : 'weakNext', arg: this.nnf(f.arg, positive) })
        case 'weakNext':
          return this.intern({ kind: positive ? 'weakNext' : 'next', arg: this.nnf(f.arg, positive) })
        case 'eventually': // F φ = true U φ; ¬F φ = false R ¬φ
          return pair(positive ? 'until' : 'release', this.nnf({ kind: 'true' }, positive), this.nnf(f.arg, positive))
        case 'always': // G φ = false R φ; ¬G φ = true U ¬φ
          return pair(positive ? 'release' : 'until', this.nnf({ kind: 'false' }, positive), this.nnf(f.arg, positive))
      }
    }
    if (isBinary(f)) {
      const l = (p: boolean) => this.nnf(f.left, p)
      const r = (p: boolean) => this.nnf(f.right, p)
      switch (f.kind) {
        case 'and':
          return pair(positive ? 'and' : 'or', l(positive), r(positive))
        case 'or':
          return pair(positive ? 'or' : 'and', l(positive), r(positive))
        case 'implies':
          return pair(positive ? 'or' : 'and', l(!positive), r(positive))
        case 'iff':
          return positive
            ? pair('or', pair('and', l(true), r(true)), pair('and', l(false), r(false)))
            : pair('or', pair('and', l(true), r(false)), pair('and', l(false), r(true)))
        case 'until':
          return pair(positive ? 'until' : 'release', l(positive), r(positive))
        case 'release':
          return pair(positive ? 'release' : 'until', l(positive), r(positive))
        case 'weakUntil': // φ W ψ = ψ R (φ ∨ ψ); ¬(φ W ψ) = ¬ψ U (¬φ ∧ ¬ψ)
          return positive
            ? pair('release', r(true), pair('or', l(true), r(true)))
            : pair('until', r(false), pair('and', l(false), r(false)))
      }
    }
    throw new Error(`unknown formula kind ${(f as { kind: string }).kind}`)
  }
}

// ---- obligations and their disjunctive normal form ----

/** An obligation: node id and strength (strong = X, weak = N), packed as id * 2 + strong. */
type Obligation = number
/** A conjunction of obligations, sorted; the disjunction of such cubes is a state. [] is false, [[]] is true. */
type Cube = readonly Obligation[]
type Dnf = readonly Cube[]

const obligation = (node: number, strong: boolean): Obligation => node * 2 + (strong ? 1 : 0)
const isStrong = (o: Obligation): boolean => (o & 1) === 1
const nodeOf = (o: Obligation): number => o >> 1

const TRUE_DNF: Dnf = [[]]
const FALSE_DNF: Dnf = []

/** `[]` (false) and `[[]]` (true) must differ: every cube is bracketed. */
function dnfKey(dnf: Dnf): string {
  return dnf.map((cube) => `[${cube.join(',')}]`).join('')
}

/** A cube with each node at most once, the strong obligation winning (X φ implies N φ). */
function normalizeCube(obligations: Iterable<Obligation>): Cube {
  const strongest = new Map<number, Obligation>()
  for (const o of obligations) {
    const known = strongest.get(nodeOf(o))
    if (known === undefined || isStrong(o)) strongest.set(nodeOf(o), o)
  }
  return [...strongest.values()].sort((a, b) => a - b)
}

/** Does cube `a` imply cube `b` (every obligation of b is met by one of a at least as strong)? */
function implies(a: Cube, b: Cube): boolean {
  return b.every((o) => a.includes(o) || (!isStrong(o) && a.includes(o | 1)))
}

/** Drops cubes implied by another (absorption) and sorts, so equal formulas usually share a key. */
function simplify(cubes: Cube[]): Dnf {
  const unique = [...new Map(cubes.map((c) => [c.join(','), c])).values()]
  const kept = unique.filter((c, i) => !unique.some((d, j) => j !== i && implies(c, d) && (!implies(d, c) || j < i)))
  return kept.sort((a, b) => a.length - b.length || a.join(',').localeCompare(b.join(',')))
}

function or(a: Dnf, b: Dnf): Dnf {
  if (a.length === 0) return b
  if (b.length === 0) return a
  return simplify([...a, ...b])
}

function and(a: Dnf, b: Dnf): Dnf {
  if (a.length === 0 || b.length === 0) return FALSE_DNF
  const cubes: Cube[] = []
  for (const x of a) for (const y of b) cubes.push(normalizeCube([...x, ...y]))
  return simplify(cubes)
}

class Expander {
  private readonly cache = new Map<string, Dnf>()

  constructor(private readonly table: NodeTable) {}

  /** The state after reading one step whose true propositions are `props`. */
  step(state: Dnf, props: ReadonlySet<string>): Dnf {
    const valuationKey = [...props].sort().join(',')
    let result = FALSE_DNF
    for (const cube of state) {
      let conjunction = TRUE_DNF
      for (const o of cube) conjunction = and(conjunction, this.now(nodeOf(o), props, valuationKey))
      result = or(result, conjunction)
    }
    return result
  }

  /** What node `id` requires now, given this step's propositions, as obligations for the next step. */
  private now(id: number, props: ReadonlySet<string>, valuationKey: string): Dnf {
    const cacheKey = `${id};${valuationKey}`
    const cached = this.cache.get(cacheKey)
    if (cached) return cached
    const node = this.table.nodes[id]!
    let result: Dnf
    switch (node.kind) {
      case 'true':
        result = TRUE_DNF
        break
      case 'false':
        result = FALSE_DNF
        break
      case 'lit':
        result = props.has(node.name) === node.positive ? TRUE_DNF : FALSE_DNF
        break
      case 'and':
        result = and(this.now(node.left, props, valuationKey), this.now(node.right, props, valuationKey))
        break
      case 'or':
        result = or(this.now(node.left, props, valuationKey), this.now(node.right, props, valuationKey))
        break
      case 'next':
        result = [[obligation(node.arg, true)]]
        break
      case 'weakNext':
        result = [[obligation(node.arg, false)]]
        break
      case 'until':
        result = or(
          this.now(node.right, props, valuationKey),
          and(this.now(node.left, props, valuationKey), [[obligation(id, true)]]),
        )
        break
      case 'release':
        result = and(
          this.now(node.right, props, valuationKey),
          or(this.now(node.left, props, valuationKey), [[obligation(id, false)]]),
        )
        break
    }
    this.cache.set(cacheKey, result)
    return result
  }
}
