import { Dfa } from '../automata/dfa.js'
import { concatWords, type Learner, type LearnerContext, rivestSchapire } from './learner.js'
import type { SymbolWord } from './ports.js'
import { wordKey } from './query-cache.js'

/**
 * Angluin's L* with Rivest–Schapire counterexample processing: a counterexample adds one suffix to E, so the
 * rows of S stay pairwise distinct and the table never needs a consistency repair. Each closedness round fills
 * every missing cell in one batched teacher call.
 */
export class LStar implements Learner {
  readonly name = 'lstar'
  private readonly prefixes: SymbolWord[] = [[]]
  private readonly suffixes: SymbolWord[] = [[]]
  private readonly cells = new Map<string, boolean>()

  constructor(private readonly context: LearnerContext) {}

  async hypothesis(): Promise<Dfa> {
    for (;;) {
      await this.fill()
      const rows = new Set(this.prefixes.map((u) => this.row(u)))
      const unclosed = this.extensions().find((ua) => !rows.has(this.row(ua)))
      if (!unclosed) return this.build().dfa
      this.prefixes.push(unclosed)
    }
  }

  async refine(word: SymbolWord, label: boolean): Promise<boolean> {
    const { dfa: hypothesis, access } = this.build()
    if (hypothesis.accepts(word) === label) return false
    const accessOf = (prefix: SymbolWord) => access[hypothesis.run(prefix)]!
    const split = await rivestSchapire(word, label, accessOf, async (w) => (await this.context.cache.ask([w]))[0]!)
    const suffix = word.slice(split + 1)
    if (this.suffixes.some((e) => wordKey(e) === wordKey(suffix))) return false // noise: the suffix is already there
    this.suffixes.push(suffix)
    return true
  }

  private extensions(): SymbolWord[] {
    return this.prefixes.flatMap((u) => this.context.alphabet.symbols.map((a) => concatWords(u, [a])))
  }

  /** Asks, in one batch, every cell of S ∪ S·Σ × E not yet known. */
  private async fill(): Promise<void> {
    const missing: string[][] = []
    for (const u of [...this.prefixes, ...this.extensions()]) {
      for (const e of this.suffixes) {
        const word = concatWords(u, e)
        if (!this.cells.has(wordKey(word))) missing.push(word)
      }
    }
    const labels = await this.context.cache.ask(missing)
    missing.forEach((word, i) => {
      this.cells.set(wordKey(word), labels[i]!)
    })
  }

  private row(u: SymbolWord): string {
    return this.suffixes.map((e) => (this.cells.get(wordKey(concatWords(u, e))) ? '1' : '0')).join('')
  }

  /** States are the distinct rows of S; each is reached by the first prefix of S with that row. */
  private build(): { dfa: Dfa; access: SymbolWord[] } {
    const k = this.context.alphabet.size
    const seen = new Set<string>()
    const states = this.prefixes.filter((u) => {
      const row = this.row(u)
      if (seen.has(row)) return false
      seen.add(row)
      return true
    })
    const index = new Map(states.map((u, i) => [this.row(u), i]))
    const table = new Int32Array(states.length * k)
    const accepting = new Uint8Array(states.length)
    states.forEach((u, s) => {
      accepting[s] = this.cells.get(wordKey(u)) ? 1 : 0
      this.context.alphabet.symbols.forEach((a, i) => {
        table[s * k + i] = index.get(this.row(concatWords(u, [a]))) ?? 0
      })
    })
    return { dfa: new Dfa(this.context.alphabet, index.get(this.row([]))!, accepting, table), access: states }
  }
}
