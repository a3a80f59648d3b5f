/**
 * A template one milestone short (CEDAR §3.3's adaptation, extended): a compass passes has.iron_ingot.4,
 * has.redstone.1 and its goal, and no stored skill has three milestones, but a bucket's has.iron_ingot.3 and goal
 * line up with two of them. The bucket's learned DFA, its milestones renamed onto the compass's and the extra one
 * placed where the compass's demonstration (gold: a run in the Sim) reaches it, is a hypothesis of the new skill's
 * shape. It answers nothing: its access words and the suffixes that tell its states apart become the learner's
 * first rows and columns (CAPAL's warm start), which the teacher labels in one round, and the learner corrects
 * from the teacher's answers and the Sim's counterexamples as it would from scratch.
 */
import { Alphabet } from '../../automata/alphabet.js'
import { overAlphabet, restrictAlphabet, substitute } from '../../automata/alphabet-ops.js'
import { Dfa, NONE } from '../../automata/dfa.js'
import { parseDfaJson } from '../../automata/json.js'
import { minimize } from '../../automata/minimize.js'
import { intersect } from '../../automata/product.js'
import { distinguishingSuffixes, stateCover } from '../../learning/word-oracles.js'
import type { SkillRecord } from '../../store/record.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import type { SkillKey } from './skill-key.js'
import { skillTarget } from './skill-learning.js'

/** How a shorter skill's milestones map onto the new skill's, and the one milestone the new skill adds. */
export interface MilestoneExtension {
  /** Template milestone → the new skill's (has.iron_ingot.3 → has.iron_ingot.4, has.bucket.1 → has.compass.1). */
  readonly milestones: ReadonlyMap<string, string>
  /** The new skill's milestone no template milestone maps to (has.redstone.1). */
  readonly extra: string
  /** Milestones whose object the mapping kept (iron ingots stay iron ingots): the better fit. */
  readonly shared: number
}

const objectOf = (symbol: string) => parseSymbol(symbol)?.object

/**
 * The best way `from` (a template's milestones, goal last) is `to` less one milestone before the goal, in order:
 * the goals map onto each other, and the left-out milestone is the one whose absence keeps the most objects (a
 * bucket's iron ingots onto a compass's, redstone the extra). Undefined unless `to` has exactly one more, and
 * unless the template has a milestone before its goal: a goal alone lends no shape but the demonstration's order
 * (a stone pickaxe warm-started from a wooden one was measured to leave its own evidence unfit for the iron
 * pickaxe adapted from it: 1.5 LLM requests with a library where renaming had cost 0.1).
 */
export function milestoneExtension(from: readonly string[], to: readonly string[]): MilestoneExtension | undefined {
  if (from.length < 2 || to.length !== from.length + 1) return undefined
  let best: MilestoneExtension | undefined
  for (let skip = 0; skip < to.length - 1; skip++) {
    const rest = to.filter((_, i) => i !== skip)
    const milestones = new Map(from.map((m, i) => [m, rest[i] ?? '']))
    if (new Set(milestones.values()).size !== from.length) continue
    const shared = from.filter((m, i) => objectOf(m) === objectOf(rest[i] ?? '')).length
    if (!best || shared > best.shared) best = { milestones, extra: to[skip] ?? '', shared }
  }
  return best
}

/**
 * The template's DFA read over its milestones, renamed onto the new skill's, with the extra milestone required
 * between its neighbours in `order` (the new skill's milestones as its demonstration reaches them): before its
 * predecessor it rejects, as does its successor before it, and it may come again once passed (a threshold event
 * fires again when a count drops and comes back).
 */
export function extendedHypothesis(
  template: Dfa,
  extension: MilestoneExtension,
  order: readonly string[],
  alphabet: readonly string[],
): Dfa {
  const renamed = substitute(restrictAlphabet(template, extension.milestones.keys()), extension.milestones)
  const target = new Alphabet(alphabet)
  const at = order.indexOf(extension.extra)
  return minimize(
    intersect(overAlphabet(renamed, target), placement(target, order[at - 1], extension.extra, order[at + 1])),
  )
}

/** States 0 (predecessor not yet), 1 (predecessor passed), 2 (the extra milestone passed; accepting). */
function placement(alphabet: Alphabet, before: string | undefined, extra: string, after: string | undefined): Dfa {
  const k = alphabet.size
  const table = new Int32Array(3 * k)
  for (let q = 0; q < 3; q++) {
    for (let c = 0; c < k; c++) {
      const symbol = alphabet.symbol(c)
      let next = q
      if (symbol === before && q === 0) next = 1
      else if (symbol === extra) next = q === 0 ? NONE : 2
      else if (symbol === after && q < 2) next = NONE
      table[q * k + c] = next
    }
  }
  return new Dfa(alphabet, before === undefined ? 1 : 0, Uint8Array.of(0, 0, 1), table)
}

/**
 * Two per pair of states: with one, CAPAL's class query (a pair must differ on more than a third of the columns)
 * merged neighbouring milestone states; with three, a seed whose demonstration fires has.iron_ingot.4 again after
 * the redstone never separated the state that repeat leads to and stopped with no progress (measured on 12 seeds
 * of compasses from a bucket or iron pickaxe: 10.8, 8.3 and one failure, in LLM requests).
 */
const SUFFIXES_PER_PAIR = 2

/** The rows and columns a learner warm-started from `hypothesis` begins with. */
export function warmStart(hypothesis: Dfa): { prefixes: string[][]; suffixes: string[][] } {
  return {
    prefixes: stateCover(hypothesis).map((w) => [...w]),
    suffixes: distinguishingSuffixes(hypothesis, SUFFIXES_PER_PAIR).map((w) => [...w]),
  }
}

/**
 * The warm start for learning `key` from `template` one milestone short; undefined when the stored DFA does not
 * read the template's milestones or they cannot be renamed onto the new skill's (nothing to extend).
 */
export function extensionWarmStart(
  key: SkillKey,
  template: SkillRecord,
  extension: MilestoneExtension,
  rules: Rules,
  world: SimOptions,
): { prefixes: string[][]; suffixes: string[][] } | undefined {
  const { milestones, learning } = skillTarget(key, rules, { world })
  const dfa = parseDfaJson(template.dfa)
  if (![...extension.milestones.keys()].every((m) => dfa.alphabet.has(m))) return undefined
  try {
    return warmStart(extendedHypothesis(dfa, extension, milestones.events, learning))
  } catch {
    // A renaming `substitute` refuses (two milestones onto one name): no shape to lend.
    return undefined
  }
}
