/**
 * Precondition laws (LogicGuard §3.3, environment feedback): an action that failed, read through the world's
 * reason for the failure and the game's rules, becomes the exact condition under which it cannot work —
 * `G(cond -> X !action)`. "iron_ore needs stone_pickaxe or iron_pickaxe ... in hand" gives
 * `!equipped.stone_pickaxe & !equipped.iron_pickaxe & ... -> X !mine.iron_ore`; a missing ingredient gives "not
 * holding enough of some ingredient of every recipe"; "no X in sight" gives `!sees.X`; a missing table or furnace
 * gives "none in sight and none held". A condition is built from the rules, not from the failing states, so it
 * blocks exactly where the action cannot work, never a working one. Failures with no exact reading (a path that
 * failed, an exploration that found nothing, fuel) give none here.
 */
import { HAS_THRESHOLDS } from '../../grounding/inventory-build.js'
import { familiesOf, membersOf } from '../../vocabulary/families.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { Rules } from '../../world/rules.js'
import type { LawProposal, Trajectory, TrajectoryStep } from './types.js'

/** `has.X.n` exists only at these counts (the trajectories' thresholds). */
const COUNTS = new Set([1, ...HAS_THRESHOLDS])
/** Families a recipe's variant ingredients are read as (`stone_pickaxe` from cobblestone or cobbled_deepslate). */
const INGREDIENT_FAMILIES = ['stone_crafting_materials', 'planks', 'logs']
/** At most this many distinct recipes in one condition (each is an OR of missing ingredients). */
const MAX_RECIPES = 2

/** The failure's kind (`missing_tool`) and message, as the world reported them in the trajectory. */
function failureOf(step: TrajectoryStep): { kind: string; message: string } {
  const error = step.error ?? 'failed'
  const colon = error.indexOf(':')
  return colon < 0
    ? { kind: error, message: '' }
    : { kind: error.slice(0, colon), message: error.slice(colon + 1).trim() }
}

/**
 * The condition under which `step`'s action cannot work, by the reason it failed; undefined when none is exact.
 * `recorded` are the predicates the trajectories record: a `sees.X` they never record (the logger tracks sight of
 * resources, not of stone) would be false in every recorded state, so the law could not be checked against them.
 */
export function preconditionOf(
  step: TrajectoryStep,
  rules: Rules,
  recorded: ReadonlySet<string> = new Set(),
): string | undefined {
  const parsed = parseSymbol(step.action)
  if (!parsed) return undefined
  const { verb, object } = parsed
  const { kind, message } = failureOf(step)
  if (verb === 'mine' && kind === 'missing_tool') {
    const block = /^(\S+) needs /.exec(message)?.[1]
    const tools = block ? rules.harvestTools(block) : []
    return tools.length === 0 ? undefined : tools.map((t) => `!equipped.${t}`).join(' & ')
  }
  if (verb === 'mine' && kind === 'not_found' && /in sight/.test(message) && recorded.has(`sees.${object}`))
    return `!sees.${object}`
  if (verb === 'craft' && kind === 'missing_ingredients') return lacksEveryRecipe(object, rules)
  if (verb === 'craft' && kind === 'not_found' && /crafting table/.test(message))
    return '!sees.crafting_table & !has.crafting_table.1'
  if (verb === 'smelt' && kind === 'not_found' && /furnace/.test(message)) return '!sees.furnace & !has.furnace.1'
  if (verb === 'smelt' && kind === 'missing_ingredients' && /^no \S+ to smelt$/.test(message)) return `!has.${object}.1`
  if ((verb === 'equip' || verb === 'place') && kind === 'missing_ingredients' && message.startsWith('no '))
    return `!has.${object}.1`
  return undefined
}

/** "Some ingredient of every recipe is short": an AND over recipes of an OR over their ingredients. */
function lacksEveryRecipe(object: string, rules: Rules): string | undefined {
  const items = rules.isItem(object) ? [object] : membersOf(object, rules.itemNames)
  const seen = new Set<string>()
  const clauses: string[] = []
  for (const recipe of items.flatMap((item) => rules.recipes(item))) {
    const literals: string[] = []
    for (const [name, n] of recipe.ingredients) {
      if (!COUNTS.has(n)) return undefined
      const family = familiesOf(name).find((f) => INGREDIENT_FAMILIES.includes(f)) ?? name
      literals.push(`!has.${family}.${n}`)
    }
    const clause = literals.sort().join(' | ')
    if (seen.has(clause)) continue
    seen.add(clause)
    clauses.push(literals.length > 1 ? `(${clause})` : clause)
  }
  if (clauses.length === 0 || clauses.length > MAX_RECIPES) return undefined
  return clauses.join(' & ')
}

/** One law per action and condition, from every failure with an exact reading. */
export function preconditionLaws(
  trajectories: readonly Trajectory[],
  rules: Rules,
  recorded: ReadonlySet<string> = new Set(),
): LawProposal[] {
  const out = new Map<string, LawProposal>()
  for (const step of trajectories.flatMap((t) => t.steps)) {
    if (step.ok) continue
    const condition = preconditionOf(step, rules, recorded)
    if (!condition) continue
    const formula = `G(${condition} -> X !${step.action})`
    if (out.has(formula)) continue
    out.set(formula, {
      formula,
      kind: 'hard',
      explanation: `${step.action} cannot work when ${condition} (${step.error ?? 'failed'})`,
      origin: 'offline:precondition',
    })
  }
  return [...out.values()]
}

/**
 * Efficiency laws for explorations that ran out of time digging their way with no tool for the ground in hand
 * (the stair down to the diamonds is dug at the hand's speed): `G(no pickaxe in hand -> X !explore.X)`. Soft, as
 * a lucky exploration by hand does happen; it is the slowness, not an impossibility, that the rules explain.
 */
export function slowExplorationLaws(trajectories: readonly Trajectory[], rules: Rules): LawProposal[] {
  const tools = rules.harvestTools('stone')
  if (tools.length === 0) return []
  const out = new Map<string, LawProposal>()
  for (const step of trajectories.flatMap((t) => t.steps)) {
    if (step.ok || parseSymbol(step.action)?.verb !== 'explore' || failureOf(step).kind !== 'timeout') continue
    if (tools.some((t) => step.state.includes(`equipped.${t}`))) continue
    const condition = tools.map((t) => `!equipped.${t}`).join(' & ')
    const formula = `G(${condition} -> X !${step.action})`
    if (out.has(formula)) continue
    out.set(formula, {
      formula,
      kind: 'soft',
      explanation: `${step.action} ran out of time digging by hand (${step.error ?? 'timeout'})`,
      origin: 'offline:efficiency',
    })
  }
  return [...out.values()]
}

/**
 * Efficiency laws for explorations the trajectories show were wasted: an exploration for a block that was done
 * while nothing held could harvest it, after which mining it failed for want of the tool. Going to the diamonds
 * before holding an iron pickaxe leaves the table, the logs and the iron behind: soft
 * `G(no harvest tool of X held -> X !explore.X)`.
 */
export function prematureExplorationLaws(trajectories: readonly Trajectory[], rules: Rules): LawProposal[] {
  const out = new Map<string, LawProposal>()
  for (const trajectory of trajectories) {
    trajectory.steps.forEach((step, i) => {
      const parsed = parseSymbol(step.action)
      if (!step.ok || parsed?.verb !== 'explore') return
      const tools = rules.harvestTools(parsed.object)
      if (tools.length === 0 || tools.some((t) => step.state.includes(`has.${t}.1`))) return
      const wasted = trajectory.steps
        .slice(i + 1)
        .some((s) => s.action === `mine.${parsed.object}` && !s.ok && failureOf(s).kind === 'missing_tool')
      if (!wasted) return
      const condition = tools.map((t) => `!has.${t}.1`).join(' & ')
      const formula = `G(${condition} -> X !${step.action})`
      if (out.has(formula)) return
      out.set(formula, {
        formula,
        kind: 'soft',
        explanation: `${step.action} while nothing held could harvest ${parsed.object}; mining it then failed`,
        origin: 'offline:efficiency',
      })
    })
  }
  return [...out.values()]
}
