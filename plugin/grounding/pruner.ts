/**
 * From retrieved candidates to the compact alphabet a DFA is learned over (CEDAR's pruning step, Appendix E).
 * `DeterministicPruner` needs no LLM: it reads which objects the part names among the candidates' objects
 * (`intent.ts`) and what it asks of them, then
 * - for a goal, takes the chain to each target from the rules (`chain.ts`): "make an iron pickaxe" brings the
 *   mining, crafting, smelting, placing and equipping on the way and the has-milestones; "mine iron ore" the
 *   chain to the tool; "find diamond ore" exploring until it is in sight; "kill a zombie" the kill;
 * - for a constraint, keeps the actions and predicates it talks about: "mine minerals only at night" is the
 *   ores' mine symbols with time.day and time.night (a restriction needs both phases), "sleep at night" is
 *   sleep.bed, time.night and time.day (nightfall owes a sleep, daybreak ends the debt), "stay in the windswept
 *   forest" the biome, "avoid lava" near.lava, "only mine diamonds with an iron pickaxe" adds equipped.iron_pickaxe.
 * Only symbols of the inventory come out; has-thresholds it lacks round up to the next one it has.
 */

import { symbolObject } from '../vocabulary/families.js'
import { NATURAL_BLOCKS, ORES } from '../vocabulary/natural.js'
import { loadRules, type Rules } from '../world/rules.js'
import { ChainPlanner } from './chain.js'
import { type Clause, type Intent, type Mention, ObjectLexicon } from './intent.js'
import type { SymbolEntry, SymbolInventory } from './inventory.js'
import { HAS_THRESHOLDS } from './inventory-build.js'
import type { Cancellable } from './retrieval.js'

export type PartRole = 'goal' | 'constraint'

export interface Pruner {
  prune(part: string, role: PartRole, candidates: readonly SymbolEntry[], options?: Cancellable): Promise<string[]>
}

const VERB_ORDER = ['explore', 'mine', 'kill', 'craft', 'smelt', 'place', 'equip', 'eat', 'sleep']
const KIND_ORDER = ['has', 'equipped', 'near', 'sees', 'time', 'health', 'food', 'biome']

/** Actions first (by verb), then predicates (by kind), each alphabetical: the order alphabets are printed in. */
export function sortSymbols(symbols: Iterable<string>): string[] {
  const rank = (s: string) => {
    const verb = s.slice(0, s.indexOf('.'))
    const v = VERB_ORDER.indexOf(verb)
    return v >= 0 ? v : VERB_ORDER.length + (KIND_ORDER.indexOf(verb) + 1 || KIND_ORDER.length + 1)
  }
  return [...new Set(symbols)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
}

const lexicons = new WeakMap<SymbolInventory, ObjectLexicon>()

/** The object lexicon of an inventory (built once). */
export function lexiconFor(inventory: SymbolInventory): ObjectLexicon {
  let lexicon = lexicons.get(inventory)
  if (!lexicon) {
    lexicon = new ObjectLexicon(inventory)
    lexicons.set(inventory, lexicon)
  }
  return lexicon
}

export class DeterministicPruner implements Pruner {
  private plannerCache: ChainPlanner | undefined
  private readonly natural: ReadonlySet<string> = new Set(NATURAL_BLOCKS)

  constructor(
    private readonly inventory: SymbolInventory,
    private readonly rules: Rules = loadRules(inventory.version),
  ) {}

  get planner(): ChainPlanner {
    this.plannerCache ??= new ChainPlanner(this.rules)
    return this.plannerCache
  }

  async prune(part: string, role: PartRole, candidates: readonly SymbolEntry[]): Promise<string[]> {
    return this.pruneSync(part, role, candidates)
  }

  pruneSync(part: string, role: PartRole, candidates: readonly SymbolEntry[]): string[] {
    const objects = new Set(candidates.map((c) => c.object))
    // Of several items a word may mean ("a boat"), the one soonest had, the registry's first on a tie.
    const choose = (items: readonly string[]) =>
      [...items].sort((a, b) => this.planner.rankOf(a) - this.planner.rankOf(b))[0]
    const intent = lexiconFor(this.inventory).read(part, (o) => objects.has(o), choose)
    const out = new Set<string>()
    if (role === 'goal') for (const clause of intent.clauses) this.goalClause(clause, out)
    else this.constraint(intent, out)
    return sortSymbols([...out].flatMap((s) => this.existing(s)))
  }

  private goalClause(clause: Clause, out: Set<string>): void {
    const verb = clause.verb ?? 'obtain'
    if (clause.mentions.length === 0) {
      if (verb === 'sleep') out.add('sleep.bed')
      if (verb === 'explore') out.add('explore.any')
      return
    }
    for (const mention of this.purposes(expandGroups(clause.mentions))) {
      const o = mention.object
      const n = mention.count ?? 1
      // Named as itself ("birch logs", "deepslate iron ore"), not by the family the chain would use.
      const exact = symbolObject(o) !== o
      const add = (symbols: Iterable<string>) => {
        for (const s of symbols) out.add(s)
      }
      if (this.inventory.has(`biome.${o}`)) {
        out.add(`biome.${o}`)
        if (verb === 'explore' || verb === 'locate') out.add('explore.any')
      } else if (this.inventory.has(`kill.${o}`) && (verb === 'kill' || !this.isItem(o))) {
        out.add(`kill.${o}`)
      } else if ((verb === 'locate' || verb === 'explore') && this.inventory.has(`explore.${o}`)) {
        add([`explore.${o}`, `sees.${o}`])
      } else if (verb === 'mine' && (this.natural.has(o) || this.planner.sourceBlock(o))) {
        add(this.planner.mineChain(this.natural.has(o) ? o : (this.planner.sourceBlock(o) ?? o), n, exact))
      } else if (verb === 'smelt' && this.rules.smeltingOutput(o)) {
        add(this.planner.chain(this.rules.smeltingOutput(o) ?? o, n))
      } else if (verb === 'sleep') {
        out.add('sleep.bed')
      } else {
        add(this.planner.chain(o, n, exact))
        if (verb === 'eat') out.add(`eat.${o}`)
        if (verb === 'place') add([`place.${o}`, `near.${o}`])
        if (verb === 'equip') out.add(`equip.${o}`)
      }
    }
  }

  private constraint(intent: Intent, out: Set<string>): void {
    for (const clause of intent.clauses) {
      const verb = clause.verb
      if (clause.mentions.length === 0) {
        if (verb === 'sleep') out.add('sleep.bed')
        if (verb === 'explore') out.add('explore.any')
      }
      for (const mention of expandGroups(clause.mentions)) {
        const o = mention.object
        if (this.inventory.has(`biome.${o}`)) {
          out.add(`biome.${o}`)
          continue
        }
        switch (verb) {
          case 'mine': {
            // A block named as itself ("never mine oak_log") is that block, not its family.
            const source = this.rules.isBlock(o) ? undefined : this.planner.sourceBlock(o)
            if (this.rules.isBlock(o)) out.add(`mine.${o}`)
            else if (source) out.add(`mine.${symbolObject(source)}`)
            break
          }
          case 'kill':
            out.add(`kill.${o}`)
            break
          case 'eat':
            out.add(`eat.${o}`)
            break
          case 'sleep':
            out.add('sleep.bed')
            break
          case 'place':
            out.add(`place.${o}`)
            break
          case 'craft':
            out.add(`craft.${o}`)
            break
          case 'smelt':
            out.add(this.rules.smeltingOutput(o) ? `smelt.${o}` : `smelt.${this.rules.smeltingInput(o) ?? o}`)
            break
          case 'equip':
            out.add(`equipped.${o}`)
            break
          case 'avoid':
          case 'stay':
            out.add(`near.${o}`)
            break
          case 'locate':
          case 'explore':
            out.add(`explore.${o}`)
            break
          default:
            // No verb: a block the part keeps away from ("never swim in lava"), else having the item.
            if (verb === undefined && intent.restriction && this.inventory.has(`near.${o}`)) out.add(`near.${o}`)
            else out.add(`has.${o}.${mention.count ?? 1}`)
        }
      }
      for (const tool of clause.tools) out.add(`equipped.${tool.object}`)
    }
    // A night's sleep is owed only until daybreak ("sleep at night" is released by time.day), so it needs both phases.
    const bothPhases = intent.restriction || intent.clauses.some((c) => c.verb === 'sleep')
    const times = bothPhases && intent.times.size > 0 ? ['day', 'night'] : [...intent.times]
    for (const time of times) out.add(`time.${time}`)
    if (intent.lowHealth) out.add('health.low')
    if (intent.hungry) out.add('food.low')
  }

  /** The symbol if the inventory has it; a has-threshold it lacks becomes the next higher one it has. */
  private existing(symbol: string): string[] {
    if (this.inventory.has(symbol)) return [symbol]
    const match = /^has\.([a-z0-9_]+)\.(\d+)$/.exec(symbol)
    if (!match) return []
    const n = Number(match[2])
    const higher = HAS_THRESHOLDS.filter((t) => t >= n).map((t) => `has.${match[1]}.${t}`)
    const found = higher.find((s) => this.inventory.has(s))
    return found ? [found] : []
  }

  /**
   * "enough cobblestone for a furnace": a mention named as what the one before it is for, when its recipe takes
   * that one, becomes the amount it takes (8 cobblestone) and is not a target itself.
   */
  private purposes(mentions: readonly Mention[]): Mention[] {
    const out: Mention[] = []
    for (const mention of mentions) {
      const previous = out[out.length - 1]
      const recipe = mention.purpose && previous ? this.rules.recipe(mention.object) : undefined
      const need = recipe && previous ? recipe.ingredients.get(previous.object) : undefined
      if (previous && need !== undefined) {
        out[out.length - 1] = { ...previous, count: previous.count ?? need }
        continue
      }
      out.push(mention)
    }
    return out
  }

  private isItem(o: string): boolean {
    return this.rules.isItem(o) || ['logs', 'planks', 'wool', 'beds'].includes(o)
  }
}

/** "minerals" → one mention per ore. */
function expandGroups(mentions: readonly Mention[]): Mention[] {
  return mentions.flatMap((m) => (m.object === '@ores' ? ORES.map((ore) => ({ ...m, object: ore })) : [m]))
}
