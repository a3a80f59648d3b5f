/**
 * Which stored skill a new one is adapted from (CEDAR §3.3: same verb, other object, the stored DFA a template whose
 * noun-specific symbols are substituted). A template fits when its milestones, renamed, are exactly the new
 * skill's: the object and item, the tool its prerequisite leaves, and each milestone's object in turn
 * (has.cobblestone.3 → has.iron_ingot.3 from a stone to an iron pickaxe; an iron pickaxe's has.iron_ingot.3 →
 * has.iron_ingot.3, has.iron_pickaxe.1 → has.bucket.1 for a bucket). Renamed evidence over other milestones would
 * be believed against the teacher, so when none fits, a template one milestone short (a compass's ingots, redstone
 * and goal against an iron pickaxe's ingots and goal) lends only its shape (template-extension.ts), and a skill
 * with neither is learned afresh.
 */
import type { SkillRecord } from '../../store/record.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import type { Rules } from '../../world/rules.js'
import type { SimOptions } from '../../world/sim/index.js'
import { type SkillKey, skillKey } from './skill-key.js'
import { adaptationRenaming, renameSymbol, skillTarget } from './skill-learning.js'
import { type MilestoneExtension, milestoneExtension } from './template-extension.js'

export interface SkillTemplate {
  readonly record: SkillRecord
  readonly renaming: ReadonlyMap<string, string>
  /**
   * Set when the template is one milestone short of the new skill (template-extension.ts): its DFA, extended,
   * warm-starts the learner instead of its evidence being renamed.
   */
  readonly extension?: MilestoneExtension
}

/** Milestones by skill and world: reading them runs the skill's plan in the Sim, the same for every call. */
const milestoneCache = new Map<string, readonly string[] | undefined>()

/** The milestones a skill is learned over (its Sim demonstration's); undefined when the Sim has no plan for it. */
function milestoneEvents(key: SkillKey, rules: Rules, world: SimOptions): readonly string[] | undefined {
  const cacheKey = `${key.verb}.${key.object}\u0002${JSON.stringify(world)}`
  if (milestoneCache.has(cacheKey)) return milestoneCache.get(cacheKey)
  let events: readonly string[] | undefined
  try {
    events = skillTarget(key, rules, { world }).milestones.events
  } catch {
    events = undefined
  }
  milestoneCache.set(cacheKey, events)
  return events
}

/** `from`'s renaming to `to`, extended milestone by milestone; undefined when the milestones cannot line up. */
function milestoneRenaming(
  base: ReadonlyMap<string, string>,
  from: readonly string[],
  to: readonly string[],
): { renaming: Map<string, string>; substituted: number } | undefined {
  if (from.length !== to.length) return undefined
  const renaming = new Map(base)
  let substituted = 0
  for (let i = 0; i < from.length; i++) {
    const a = parseSymbol(from[i] ?? '')
    const b = parseSymbol(to[i] ?? '')
    if (!a || !b || a.verb !== b.verb || a.object === b.object || renaming.has(a.object)) continue
    renaming.set(a.object, b.object)
    substituted++
  }
  return from.every((m, i) => renameSymbol(m, renaming) === to[i]) ? { renaming, substituted } : undefined
}

/**
 * The stored skill of the same verb whose milestones rename onto `key`'s — one of the same kind (two ores, two
 * pickaxes) first, then the one whose milestones needed the fewest substitutions (a bucket from an iron pickaxe,
 * both after has.iron_ingot.3, rather than from a stone pickaxe's cobblestone) — with the renaming; undefined when
 * none fits. Yields between candidates: each may run a plan in the Sim once.
 */
export async function findTemplate(
  key: SkillKey,
  records: readonly SkillRecord[],
  rules: Rules,
  world: SimOptions,
  sameKind: (a: string, b: string) => boolean,
): Promise<SkillTemplate | undefined> {
  const candidates = records.filter((r) => r.verb === key.verb && r.object !== undefined && r.object !== key.object)
  if (candidates.length === 0) return undefined
  const target = milestoneEvents(key, rules, world)
  if (!target) return undefined
  let best: (SkillTemplate & { rank: number }) | undefined
  for (const record of candidates) {
    await new Promise((resolve) => setImmediate(resolve))
    let from: SkillKey
    try {
      from = skillKey(record.verb ?? key.verb, record.object ?? '', rules)
    } catch {
      continue
    }
    const events = milestoneEvents(from, rules, world)
    if (!events) continue
    const renaming = adaptationRenaming(from, key, rules)
    const fit = milestoneRenaming(renaming, events, target)
    const kind = sameKind(record.object ?? '', key.object) ? 0 : 1000
    if (fit) {
      const rank = kind + fit.substituted
      if (!best || rank < best.rank) best = { record, renaming: fit.renaming, rank }
      continue
    }
    // One milestone short: a fit only when no template renames onto the skill exactly.
    const extension = milestoneExtension(events, target)
    const rank = extension && EXTENSION_RANK + kind - extension.shared
    if (extension && rank !== undefined && (!best || rank < best.rank)) best = { record, renaming, extension, rank }
  }
  return (
    best && { record: best.record, renaming: best.renaming, ...(best.extension ? { extension: best.extension } : {}) }
  )
}

/** Extensions rank after every exact fit, then by kind, then by the milestones whose objects they keep. */
const EXTENSION_RANK = 10_000
