import { Dfa } from '../automata/dfa.js'
import { concatWords, type Learner, type LearnerContext, rivestSchapire } from './learner.js'
import type { SymbolWord } from './ports.js'

/**
 * A node of the discrimination tree: inner nodes hold discriminators, leaves hold states, and an `empty` leaf is
 * a side of the tree no state has reached yet.
 */
type TreeNode = Inner | Leaf | Empty
interface Inner {
  readonly kind: 'inner'
  readonly discriminator: SymbolWord
  /** children[0]: the words the discriminator rejects, children[1]: those it accepts. */
  readonly children: [TreeNode, TreeNode]
  parent: Inner | undefined
}
interface Leaf {
  readonly kind: 'leaf'
  readonly state: number
  parent: Inner | undefined
}
interface Empty {
  readonly kind: 'empty'
  parent: Inner | undefined
}

/**
 * Kearns–Vazirani: states are the leaves of a discrimination tree whose inner nodes hold discriminators; a word
 * finds its state by sifting (one query per level). The root's discriminator is ε, so sifting also tells whether a
 * word is accepted, and a word that sifts into the side of the root no state holds yet is a new state at once,
 * without a counterexample. A counterexample (Rivest–Schapire) splits one leaf, and only the transitions that
 * pointed into that leaf are sifted again, from the new node down. Sifts are batched level by level, so one teacher
 * call answers one query for every word still moving.
 */
export class KearnsVazirani implements Learner {
  readonly name = 'kv'
  private readonly access: SymbolWord[] = []
  private readonly accepting: boolean[] = []
  private readonly leaves: Leaf[] = []
  private root: Inner | undefined
  /** transitions[state][symbol]: the leaf access · symbol sifted into; undefined while it must be sifted. */
  private readonly transitions: (Leaf | undefined)[][] = []
  /** Where each pending transition resumes sifting. */
  private readonly resume = new Map<string, TreeNode>()

  constructor(private readonly context: LearnerContext) {}

  async hypothesis(): Promise<Dfa> {
    if (!this.root) await this.start()
    for (;;) {
      const pending: { state: number; symbol: number }[] = []
      this.transitions.forEach((row, state) => {
        for (let a = 0; a < this.context.alphabet.size; a++) if (!row[a]) pending.push({ state, symbol: a })
      })
      if (pending.length === 0) return this.build()
      const words = pending.map((p) => this.transitionWord(p.state, p.symbol))
      const ends = await this.sift(
        words,
        pending.map((p) => this.resume.get(`${p.state},${p.symbol}`) ?? this.root!),
      )
      const claimed = new Map<Empty, Leaf>()
      pending.forEach((p, i) => {
        let end = ends[i]!
        // A word sifting into an unclaimed side is a state no other state can be: the first such word is adopted.
        if (end.kind === 'empty') {
          const leaf = claimed.get(end) ?? this.claim(end, words[i]!)
          claimed.set(end, leaf)
          end = leaf
        }
        this.transitions[p.state]![p.symbol] = end
        this.resume.delete(`${p.state},${p.symbol}`)
      })
    }
  }

  async refine(word: SymbolWord, label: boolean): Promise<boolean> {
    const hypothesis = this.build()
    if (hypothesis.accepts(word) === label) return false // not a counterexample for this hypothesis
    const stateOf = (prefix: SymbolWord) => hypothesis.run(prefix)
    const split = await rivestSchapire(
      word,
      label,
      (prefix) => this.access[stateOf(prefix)]!,
      async (w) => (await this.context.cache.ask([w]))[0]!,
    )
    // access(h(w[..i])) · w[i] is a new state: it sifts into the leaf of h(w[..i+1]) but v = w[i+1..] tells them apart.
    const newAccess = concatWords(this.access[stateOf(word.slice(0, split))]!, [word[split]!])
    const oldState = stateOf(word.slice(0, split + 1))
    const discriminator = word.slice(split + 1)
    const [oldLabel, newLabel, newAccepts] = await this.context.cache.ask([
      concatWords(this.access[oldState]!, discriminator),
      concatWords(newAccess, discriminator),
      newAccess,
    ])
    if (oldLabel === newLabel) return false // the teacher contradicted itself (noise): nothing sound to split on
    const oldLeaf = this.leaves[oldState]!
    const inner: Inner = { kind: 'inner', discriminator, children: [oldLeaf, oldLeaf], parent: oldLeaf.parent }
    this.replace(oldLeaf, inner)
    const newLeaf = this.addState(newAccess, newAccepts!, inner)
    inner.children[oldLabel ? 1 : 0] = oldLeaf
    inner.children[oldLabel ? 0 : 1] = newLeaf
    oldLeaf.parent = inner
    // Only transitions into the split leaf can change; they resume sifting at the new node.
    this.transitions.forEach((row, state) => {
      row.forEach((target, a) => {
        if (target !== oldLeaf) return
        row[a] = undefined
        this.resume.set(`${state},${a}`, inner)
      })
    })
    return true
  }

  private async start(): Promise<void> {
    const [empty] = await this.context.cache.ask([[]])
    const root: Inner = { kind: 'inner', discriminator: [], children: [undefined!, undefined!], parent: undefined }
    this.root = root
    const side = empty ? 1 : 0
    root.children[1 - side] = { kind: 'empty', parent: root }
    root.children[side] = this.addState([], empty!, root)
  }

  private claim(node: Empty, access: SymbolWord): Leaf {
    const parent = node.parent!
    // Only the root has an unclaimed side, and its discriminator is ε: the side says whether access is accepted.
    const accepts = parent.children[1] === node
    const leaf = this.addState(access, accepts, parent)
    parent.children[accepts ? 1 : 0] = leaf
    return leaf
  }

  private addState(access: SymbolWord, accepting: boolean, parent: Inner | undefined): Leaf {
    const state = this.access.length
    this.access.push(access)
    this.accepting.push(accepting)
    const leaf: Leaf = { kind: 'leaf', state, parent }
    this.leaves.push(leaf)
    this.transitions.push([])
    return leaf
  }

  private replace(leaf: Leaf, inner: Inner): void {
    const parent = leaf.parent
    if (!parent) throw new Error('the root is never a leaf')
    parent.children[parent.children[0] === leaf ? 0 : 1] = inner
  }

  private transitionWord(state: number, symbol: number): SymbolWord {
    return concatWords(this.access[state]!, [this.context.alphabet.symbol(symbol)])
  }

  /** Sifts words down from the given nodes, one batched query per level for all words still moving. */
  private async sift(words: SymbolWord[], from: TreeNode[]): Promise<(Leaf | Empty)[]> {
    const at = [...from]
    for (;;) {
      const moving = at.flatMap((node, i) => (node.kind === 'inner' ? [i] : []))
      if (moving.length === 0) return at as (Leaf | Empty)[]
      const labels = await this.context.cache.ask(
        moving.map((i) => concatWords(words[i]!, (at[i] as Inner).discriminator)),
      )
      moving.forEach((i, j) => {
        at[i] = (at[i] as Inner).children[labels[j] ? 1 : 0]
      })
    }
  }

  private build(): Dfa {
    const k = this.context.alphabet.size
    const n = this.access.length
    const table = new Int32Array(n * k)
    const accepting = new Uint8Array(n)
    for (let s = 0; s < n; s++) {
      accepting[s] = this.accepting[s] ? 1 : 0
      for (let a = 0; a < k; a++) table[s * k + a] = this.transitions[s]?.[a]?.state ?? s
    }
    return new Dfa(this.context.alphabet, 0, accepting, table)
  }
}
