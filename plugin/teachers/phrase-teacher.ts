import type { Dfa } from '../automata/dfa.js'
import { type CompiledPhrase, compilePhrase } from '../grounding/phrases.js'
import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'
import { compileLtl } from '../ltl/compile.js'
import { actionPropositions } from '../vocabulary/symbols.js'

/**
 * The offline teacher for constraints: the phrase ("mine minerals only at night") is compiled to LTLf over the
 * alphabet by the controlled-English grammar, and words are answered by that formula's DFA. The empty word breaks
 * no constraint, so it is accepted (LTLf itself says nothing holds on an empty trace).
 */
export class PhraseTeacher implements MembershipTeacher {
  readonly phrase: CompiledPhrase
  private readonly dfa: Dfa
  private answeredCount = 0

  constructor(text: string, alphabet: readonly string[]) {
    const phrase = compilePhrase(text, alphabet)
    if (!phrase) throw new Error(`"${text}" is not a constraint the grammar understands`)
    this.phrase = phrase
    // One letter per symbol; an action's letter also makes its families true (mine.oak_log is a mine.logs).
    const letters = alphabet.map((name) => ({ name, props: actionPropositions(name) }))
    this.dfa = compileLtl(phrase.formula, { letters })
  }

  get answered(): number {
    return this.answeredCount
  }

  async answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    this.answeredCount += words.length
    return words.map((word) => this.accepts(word))
  }

  /** The formula's verdict on one word, without counting it as a question. */
  accepts(word: SymbolWord): boolean {
    return word.length === 0 || this.dfa.accepts(word)
  }
}
