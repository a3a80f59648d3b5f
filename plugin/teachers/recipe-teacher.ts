import type { MembershipTeacher, SymbolWord } from '../learning/ports.js'
import { parsePrimitive } from '../vocabulary/symbols.js'
import { countOf } from '../world/predicates.js'
import { type SimOptions, SimWorld } from '../world/sim/index.js'

export interface RecipeTeacherOptions {
  /** The item the skill must end up holding (`wooden_pickaxe`, `diamond`) and how many. */
  readonly goal: string
  readonly count?: number
  /** The world the words are tried in; every word starts from a fresh copy (default: seed 0, no path failures). */
  readonly world?: SimOptions
}

/**
 * The offline teacher for skills: the world rules decide. Each word's actions are run, in order, in a fresh Sim
 * (recipes, tools, smelting and workstations as minecraft-data has them); the word is accepted when every action
 * succeeds and the goal is held at the end. Event symbols in the word are not actions and are skipped: the Sim
 * produces its own events.
 */
export class RecipeTeacher implements MembershipTeacher {
  private answeredCount = 0
  private readonly template: SimWorld

  constructor(private readonly options: RecipeTeacherOptions) {
    this.template = new SimWorld({ seed: 0, pathFailureRate: 0, ...options.world })
  }

  get answered(): number {
    return this.answeredCount
  }

  async answer(words: readonly SymbolWord[]): Promise<boolean[]> {
    this.answeredCount += words.length
    return words.map((word) => this.achieves(word))
  }

  /** Whether running the word's actions yields the goal. */
  achieves(word: SymbolWord): boolean {
    const world = this.template.clone()
    for (const symbol of word) {
      const primitive = parsePrimitive(symbol)
      if (!primitive) continue
      if (!world.actNow(primitive).ok) return false
    }
    return countOf(world.observe(), this.options.goal) >= (this.options.count ?? 1)
  }
}
