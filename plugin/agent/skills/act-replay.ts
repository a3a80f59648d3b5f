/**
 * Execution as the membership teacher of a skill's act order (CEDAR §3, gold from the world): a word over the
 * skill's actions and milestone events is replayed in the Sim from the skill's start state, and it is accepted
 * exactly when every act succeeds, each milestone event stands where the world produced it, the goal comes with
 * the last act (not before), and the word is no longer than the shortest plan (plus `slack`) — so the language is
 * the ways to the goal that waste nothing, finite, and its automaton says which act comes next. A player's `!wrong`
 * (a gold negative word that stops short of the goal) closes every word through that prefix.
 */
import { isActionSymbol, parsePrimitive, parseSymbol } from '../../vocabulary/symbols.js'
import type { Observation } from '../../world/port.js'
import { holdsIn } from '../../world/predicates.js'
import { type SimOptions, SimWorld } from '../../world/sim/index.js'

interface Node {
  readonly world: SimWorld
  /** The watched events true now. */
  readonly holding: ReadonlySet<string>
  /** The word the world produced so far: acts and the events that became true after each. */
  readonly word: readonly string[]
  readonly acts: number
  /** Whether the goal event has already fired. */
  readonly reached: boolean
  /** An act failed here: no word through this node is accepted. */
  readonly failed: boolean
}

export interface ReplayOptions {
  readonly world: SimOptions
  /** The skill's alphabet: actions and milestone events. */
  readonly alphabet: readonly string[]
  readonly goal: string
  /** Most acts an accepted word has. */
  readonly maxActs: number
  /** Gold negative words that stop short of the goal: prefixes no accepted word goes through. */
  readonly wrongPrefixes?: readonly (readonly string[])[]
  /** Most acts replayed in all (each a Sim act): past it, `ReplayBudgetExceeded`. */
  readonly maxReplayedActs?: number
}

/** The act order would take more replaying than the skill is worth: the caller keeps its milestones. */
export class ReplayBudgetExceeded extends Error {
  override name = 'ReplayBudgetExceeded'
}

/** A node and the nodes one act on from it: a trie of act prefixes, walked act by act without building keys. */
interface Prefix {
  readonly node: Node
  readonly next: Map<string, Prefix>
}

/** Replays words in the Sim, sharing the worlds of common act prefixes. */
export class ActReplay {
  private readonly events: readonly string[]
  private readonly root: Prefix
  private readonly wrong: Set<string>
  /** Sim acts done so far. */
  replayed = 0

  constructor(readonly options: ReplayOptions) {
    this.events = options.alphabet.filter((s) => !isActionSymbol(s) && parseSymbol(s) !== undefined)
    this.wrong = new Set((options.wrongPrefixes ?? []).map((w) => w.join(' ')))
    const world = new SimWorld(options.world)
    const holding = this.truths(world.observe())
    const first = this.events.filter((e) => holding.has(e)).sort()
    this.root = {
      node: { world, holding, word: first, acts: 0, reached: holding.has(options.goal), failed: false },
      next: new Map(),
    }
  }

  private truths(observation: Observation): Set<string> {
    return new Set(this.events.filter((e) => holdsIn(observation, e)))
  }

  /** The world after `acts`, each tried in turn (an unknown act fails). */
  node(acts: readonly string[]): Node {
    let prefix = this.root
    for (const act of acts) {
      let child = prefix.next.get(act)
      if (!child) {
        child = { node: this.step(prefix.node, act), next: new Map() }
        prefix.next.set(act, child)
      }
      prefix = child
    }
    return prefix.node
  }

  private step(node: Node, act: string): Node {
    const primitive = parsePrimitive(act)
    if (node.failed || node.reached || !primitive) return { ...node, failed: true }
    if (++this.replayed > (this.options.maxReplayedActs ?? Number.POSITIVE_INFINITY)) {
      throw new ReplayBudgetExceeded(`more than ${this.options.maxReplayedActs} acts replayed`)
    }
    const world = node.world.clone()
    const outcome = world.actNow(primitive)
    const holding = this.truths(world.observe())
    const fresh = this.events.filter((e) => holding.has(e) && !node.holding.has(e)).sort()
    return {
      world,
      holding,
      word: [...node.word, act, ...fresh],
      acts: node.acts + 1,
      reached: holding.has(this.options.goal),
      failed: !outcome.ok,
    }
  }

  /** Whether `word` is a way to the goal: the world's own word for its acts, ending at the goal, within bounds. */
  accepts(word: readonly string[]): boolean {
    const acts = word.filter(isActionSymbol)
    if (acts.length === 0 || acts.length > this.options.maxActs) return false
    const node = this.node(acts)
    if (node.failed || !node.reached || node.word.length !== word.length) return false
    if (!node.word.every((s, i) => s === word[i])) return false
    // The goal came with the last act, not before it.
    return !this.node(acts.slice(0, -1)).reached && !this.throughWrong(word)
  }

  /** Whether the word passes a prefix a player marked wrong. */
  throughWrong(word: readonly string[]): boolean {
    if (this.wrong.size === 0) return false
    for (let i = 1; i <= word.length; i++) if (this.wrong.has(word.slice(0, i).join(' '))) return true
    return false
  }

  /**
   * Ways to the goal found by a seeded depth-first search that tries the acts in a shuffled order (each try a
   * different way when there are several), avoiding the wrong prefixes; at most `budget` acts tried each.
   */
  sample(acts: readonly string[], count: number, random: () => number, budget = 4000): string[][] {
    const found: string[][] = []
    const seen = new Set<string>()
    for (let i = 0; i < count * 3 && found.length < count; i++) {
      let left = budget
      const search = (path: string[]): string[] | undefined => {
        const node = this.node(path)
        if (node.failed || this.throughWrong(node.word)) return undefined
        if (node.reached) return path.length > 0 && !this.node(path.slice(0, -1)).reached ? [...node.word] : undefined
        if (path.length >= this.options.maxActs || left-- <= 0) return undefined
        const order = [...acts].sort(() => random() - 0.5)
        for (const act of order) {
          const word = search([...path, act])
          if (word) return word
        }
        return undefined
      }
      const word = search([])
      if (word && !seen.has(word.join(' '))) {
        seen.add(word.join(' '))
        found.push(word)
      }
    }
    return found
  }
}
