/**
 * A better pickaxe held stands in for the one a skill was learned with: mining diamonds while holding a diamond
 * pickaxe needs no iron pickaxe, so the ladder below it is not climbed, and the mining skill's symbols for its tool
 * (`equip.iron_pickaxe`, `equipped.iron_pickaxe`, `has.iron_pickaxe.1`) are renamed to the one held.
 */
import { substitute } from '../../automata/alphabet-ops.js'
import type { Rules } from '../../world/rules.js'
import { PICKAXES, prerequisitesOf } from './skill-key.js'
import { renameSymbol } from './skill-learning.js'
import type { ObtainedSkill } from './skill-manager.js'

type Inventory = ReadonlyMap<string, number>

const rungOf = (item: string): number => PICKAXES.indexOf(item as (typeof PICKAXES)[number])

/** The item itself, or for a pickaxe the best pickaxe held at its rung or above; undefined when none is held. */
export function heldStandIn(inventory: Inventory, item: string): string | undefined {
  if ((inventory.get(item) ?? 0) > 0) return item
  const rung = rungOf(item)
  if (rung < 0) return undefined
  return [...PICKAXES].reverse().find((p) => rungOf(p) > rung && (inventory.get(p) ?? 0) > 0)
}

/**
 * The skill with its prerequisite tool renamed to the better one held (when its own tool is not held), with the
 * symbol renaming kept so a counterexample can be mapped back to the stored skill. Unchanged when nothing better
 * is held, or when a renamed symbol would collide with one the skill already has.
 */
export function withHeldTool(skill: ObtainedSkill, rules: Rules, inventory: Inventory): ObtainedSkill {
  const tool = prerequisitesOf(skill.key, rules)[0]?.item
  const standIn = tool === undefined ? undefined : heldStandIn(inventory, tool)
  if (tool === undefined || standIn === undefined || standIn === tool) return skill
  const objects = new Map([[tool, standIn]])
  const symbols = new Map<string, string>()
  for (const symbol of skill.dfa.alphabet.symbols) {
    const renamed = renameSymbol(symbol, objects)
    if (renamed === symbol) continue
    if (skill.dfa.alphabet.has(renamed)) return skill
    symbols.set(symbol, renamed)
  }
  if (symbols.size === 0) return skill
  return {
    ...skill,
    dfa: substitute(skill.dfa, symbols),
    record: { ...skill.record, alphabet: skill.record.alphabet.map((s) => symbols.get(s) ?? s) },
    renamedSymbols: symbols,
  }
}
