/**
 * Which skill a goal names, and what it needs first. A skill is keyed by CEDAR's (verb, object): `craft.iron_pickaxe`,
 * `mine.diamond_ore`. Its goal in the world is an item held (`has.<item>.<n>`: the craft's result, the block's drop)
 * and its prerequisites follow the tech tree (`world/tech-tree.ts`): a block is mined after the harvesting tool had
 * soonest is crafted (the least pickaxe for stone and ores, a bucket for lava, a shovel for snow), and each pickaxe
 * after the one below it — so skills stay small, are learned once, and are concatenated.
 */

import { CedarError } from '../../errors.js'
import type { Mention } from '../../grounding/intent.js'
import type { SymbolInventory } from '../../grounding/inventory.js'
import { lexiconFor } from '../../grounding/pruner.js'
import { armourSlot, bestArmour } from '../../vocabulary/armour.js'
import { isFamily, matchesObject } from '../../vocabulary/families.js'
import {
  CHANCE_DROPS,
  CREATURE_USES,
  CROPS,
  extraYield,
  LIQUIDS,
  NATURAL_BLOCKS,
  ORES,
} from '../../vocabulary/natural.js'
import { itemsWords } from '../../vocabulary/player-words.js'
import type { Rules } from '../../world/rules.js'
import { techTree } from '../../world/tech-tree.js'

export type SkillVerb = 'craft' | 'mine' | 'smelt' | 'fish' | 'kill' | 'use' | 'wear' | 'store' | 'take' | 'hunt'

export interface SkillKey {
  readonly verb: SkillVerb
  readonly object: string
  /** What the skill leaves in the inventory, and how many. */
  readonly item: string
  readonly count: number
}

export const skillName = (key: { verb: string; object: string }): string => `${key.verb}.${key.object}`

/** A goal the agent cannot turn into a skill; the message says why, for chat. */
export class UnknownGoalError extends CedarError {
  override name = 'UnknownGoalError'
}

/** A skill named (or implied: "the last run") that the store does not have. */
export class UnknownSkillError extends CedarError {
  override name = 'UnknownSkillError'
}

/** A counterexample that cannot be used: a symbol outside the skill's alphabet. */
export class CounterexampleError extends CedarError {
  override name = 'CounterexampleError'
}

export const PICKAXES = ['wooden_pickaxe', 'stone_pickaxe', 'iron_pickaxe', 'diamond_pickaxe'] as const

export function skillKey(verb: string, object: string, rules: Rules, count = 1): SkillKey {
  switch (verb) {
    case 'craft':
      if (!rules.recipe(object)) throw new UnknownGoalError(`${object} has no crafting recipe`)
      return { verb, object, item: object, count }
    case 'smelt': {
      const output = rules.smeltingOutput(object)
      if (output) return { verb, object, item: output, count }
      // Players name the product ("smelt iron_ingot"): the skill smelts what makes it.
      const input = rules.smeltingInput(object)
      if (input) return { verb, object: input, item: object, count }
      throw new UnknownGoalError(`${object} cannot be smelted, and no smelting makes it`)
    }
    case 'mine': {
      if (object === 'logs') return { verb, object, item: 'logs', count }
      // A crop is "mined" ripe for its produce: sown, grown and harvested.
      const crop = CROPS[object]
      if (crop) return { verb, object, item: crop.produce, count }
      // A liquid is "mined" with a bucket in hand (the bucket fills); leaves and grass for their chance drops.
      const extra = extraYield(object)
      if (extra !== undefined && (object in LIQUIDS || rules.drops(object).size === 0)) {
        return { verb, object, item: extra, count }
      }
      const drop = [...rules.drops(object).keys()][0]
      if (!rules.isBlock(object) || drop === undefined) throw new UnknownGoalError(`mining ${object} yields nothing`)
      return { verb, object, item: drop, count }
    }
    case 'kill': {
      // A hunt is for what the animal surely drops (beef from a cow, its first drop).
      const drop = [...rules.mobDrops(object).keys()][0]
      if (!rules.isMob(object) || drop === undefined) throw new UnknownGoalError(`killing ${object} yields nothing`)
      return { verb, object, item: drop, count }
    }
    case 'use': {
      // A tool in hand used on a creature: the item that makes (milk from a cow).
      const made = Object.entries(CREATURE_USES).find(([, u]) => u.target === object)?.[0]
      if (made === undefined) throw new UnknownGoalError(`using something on ${object} gives nothing I know of`)
      return { verb, object, item: made, count }
    }
    case 'wear':
      // A piece of armour put on: its goal is the piece worn (`wears.iron_helmet`), not held.
      if (armourSlot(object) === undefined) throw new UnknownGoalError(`${object} is not armour I can wear`)
      return { verb, object, item: object, count: 1 }
    case 'hunt':
      // Creatures killed, counted by the world (goal `killed.zombie.n`), not what they drop.
      if (!rules.isMob(object)) throw new UnknownGoalError(`${object} is not a creature I can fight`)
      return { verb, object, item: object, count }
    case 'store':
    case 'take':
      // Into the nearest chest (goal `stored.X.n`: what the chests hold), or out of it (goal `has.X.n`).
      if (!rules.isItem(object)) throw new UnknownGoalError(`${object} is not an item a chest holds`)
      return { verb, object, item: object, count }
    case 'fish':
      if (!matchesObject('fish', object) && object !== 'fish')
        throw new UnknownGoalError(`a rod does not catch ${object}`)
      return { verb, object, item: object, count }
    default:
      throw new UnknownGoalError(
        `skills are craft, mine, smelt, fish, kill, hunt, use, wear, store or take, not ${verb}`,
      )
  }
}

/** The skills that must run before this one (at most one: the tool a block needs, or the pickaxe below). */
export function prerequisitesOf(key: SkillKey, rules: Rules): SkillKey[] {
  // Armour is made before it is worn (when it can be: chainmail cannot).
  if (key.verb === 'wear') return rules.recipe(key.item) ? [skillKey('craft', key.item, rules)] : []
  // What goes in a chest is got first (the diamonds mined); what comes out of one needs nothing.
  if (key.verb === 'store') return [keyForObject(undefined, key.item, 1, rules)]
  if (key.verb === 'take' || key.verb === 'hunt') return []
  const rung = PICKAXES.indexOf(key.object as (typeof PICKAXES)[number])
  const below = PICKAXES[rung - 1]
  if (key.verb === 'craft' && rung > 0 && below) return [skillKey('craft', below, rules)]
  // A block is mined after crafting the tool the tech tree has soonest for it (a bucket for lava).
  const tool = key.verb === 'mine' ? techTree(rules).leastTool(key.object) : null
  if (tool) return [skillKey('craft', tool, rules)]
  return []
}

/** The whole chain, prerequisites first: `mine.diamond_ore` → wooden, stone, iron pickaxe, then the diamonds. */
export function skillChain(key: SkillKey, rules: Rules): SkillKey[] {
  const chain: SkillKey[] = []
  for (let k: SkillKey | undefined = key; k; k = prerequisitesOf(k, rules)[0]) chain.unshift(k)
  return chain
}

/**
 * The skills a goal part names: "craft an iron pickaxe" → craft.iron_pickaxe; "collect a diamond" →
 * mine.diamond_ore (the ore that drops it); "mine oak_log" → mine.oak_log; "get 3 coal" → mine.coal_ore ×3.
 */
export function skillKeysForGoal(
  text: string,
  inventory: SymbolInventory,
  rules: Rules,
  held: ReadonlyMap<string, number> = new Map(),
  around: Surroundings = { stored: new Map(), chestInSight: false, night: false, kills: new Map() },
): SkillKey[] {
  const intent = lexiconFor(inventory).read(text)
  const keys: SkillKey[] = []
  for (const clause of intent.clauses) {
    if (clause.verb === 'wear') {
      keys.push(...wearKeys(clause.mentions, held, rules))
      continue
    }
    if (clause.verb === 'store' || clause.verb === 'take') {
      keys.push(...chestKeys(clause.verb, clause.mentions, held, around, rules))
      continue
    }
    for (const mention of clause.mentions) {
      if (mention.object === '@armour' && !clause.mentions.some((m) => armourSlot(m.object) !== undefined)) {
        throw new UnknownGoalError('say which armour: leather, iron, golden or diamond ("make me iron armour")')
      }
      // Groups are not items; an object named by a bare number ("5" → music_disc_5) is a count misread.
      if (mention.purpose || mention.object.startsWith('@') || /_\d+$/.test(mention.object)) continue
      // "Kill 3 zombies" at night: three zombies killed, as the world counts them, on top of those killed before.
      if (clause.verb === 'kill' && rules.isHostile(mention.object) && around.night) {
        const before = around.kills.get(mention.object) ?? 0
        keys.push(skillKey('hunt', mention.object, rules, before + (mention.count ?? 1)))
        continue
      }
      keys.push(keyForObject(clause.verb, mention.object, mention.count ?? 1, rules))
    }
  }
  if (keys.length === 0) throw new UnknownGoalError(`no item or block to get in "${text}"`)
  return keys
}

/**
 * "Put on your armour": the best piece held for each slot; "put on the iron armour", "wear an iron helmet": those
 * pieces (made first when not held). With none held and none named, the bot says it has none.
 */
function wearKeys(mentions: readonly Mention[], held: ReadonlyMap<string, number>, rules: Rules): SkillKey[] {
  const named = mentions.filter((m) => !m.object.startsWith('@') && armourSlot(m.object) !== undefined)
  const owned = [...held].flatMap(([item, n]) => (n > 0 ? [item] : []))
  const pieces = named.length > 0 ? named.map((m) => m.object) : bestArmour(owned)
  if (pieces.length === 0) {
    throw new UnknownGoalError('I have no armour to put on; say "make me iron armour" and I will make some first')
  }
  return pieces.map((piece) => skillKey('wear', piece, rules))
}

/**
 * What the bot knows around it when it plans: what the chests it saw inside hold, whether one is in sight, whether
 * it is night (when hostile creatures are about), and the creatures it has killed so far.
 */
export interface Surroundings {
  readonly stored: ReadonlyMap<string, number>
  readonly chestInSight: boolean
  readonly night: boolean
  readonly kills: ReadonlyMap<string, number>
  /** The armour the bot wears: a piece worn is one had (world/predicates.ts, `has`). */
  readonly worn?: ReadonlySet<string>
}

/**
 * "Put the diamonds in the chest": every diamond held (or the number named), on top of what the chests already hold
 * (`store.diamond`, goal `stored.diamond.n`). "Take the iron from the chest": every one the chest was seen to hold
 * (or the number named; one when the bot has not looked inside), on top of those held (`take.iron_ingot`, goal
 * `has.iron_ingot.n`), refused when no chest is in sight.
 */
function chestKeys(
  verb: 'store' | 'take',
  mentions: readonly Mention[],
  held: ReadonlyMap<string, number>,
  around: Surroundings,
  rules: Rules,
): SkillKey[] {
  const items = mentions.filter((m) => !m.object.startsWith('@') && m.object !== 'chest')
  if (items.length === 0)
    throw new UnknownGoalError(`say what to ${verb === 'store' ? 'put in' : 'take from'} the chest`)
  const count = (map: ReadonlyMap<string, number>, object: string) =>
    [...map].reduce((n, [name, c]) => n + (matchesObject(object, name) ? c : 0), 0)
  return items.map((m) => {
    if (verb === 'store') {
      const n = m.count ?? Math.max(1, count(held, m.object))
      return skillKey('store', m.object, rules, count(around.stored, m.object) + n)
    }
    if (!around.chestInSight) {
      throw new UnknownGoalError(`I see no chest to take ${itemsWords(m.object)} from; stand by one and ask again`)
    }
    const n = m.count ?? Math.max(1, count(around.stored, m.object))
    return skillKey('take', m.object, rules, count(held, m.object) + n)
  })
}

function keyForObject(verb: string | undefined, object: string, count: number, rules: Rules): SkillKey {
  const creature = CREATURE_USES[object]
  if (creature) return skillKey('use', creature.target, rules, count)
  // "Kill a cow"; not "cook a chicken" or "catch a salmon" (items named like their animals).
  if (rules.isMob(object) && (verb === 'kill' || !rules.isItem(object))) {
    if (rules.isHostile(object)) {
      throw new UnknownGoalError(
        `${object}s only come out at night, and I don't go looking for them; I fight the ones that come at me (say "sleep at night" to stay safe)`,
      )
    }
    if (rules.mobDrops(object).size > 0) return skillKey('kill', object, rules, count)
    throw new UnknownGoalError(`I don't hunt ${object}: it drops nothing I know of`)
  }
  if (object === 'lava_bucket' || (object === 'lava' && verb !== 'craft')) return skillKey('mine', 'lava', rules, count)
  if (object === 'water_bucket' || (object === 'water' && verb !== 'craft')) {
    return skillKey('mine', 'water', rules, count)
  }
  // "Make glass": what has no recipe but comes out of a furnace is smelted, whatever verb the player used.
  if (verb === 'craft' && !rules.recipe(object) && rules.smeltingInput(object)) {
    return skillKey('smelt', object, rules, count)
  }
  if (verb === 'craft') return skillKey('craft', object, rules, count)
  // "Cook a fish": the fish had soonest (cod).
  if (verb === 'smelt' && isFamily(object) && !rules.smeltingOutput(object)) {
    const member = techTree(rules).member(object)
    if (member !== undefined && member !== object) return keyForObject(verb, member, count, rules)
  }
  if (verb === 'smelt') return skillKey('smelt', object, rules, count)
  if (object === 'logs' || (verb === 'mine' && rules.isBlock(object))) return skillKey('mine', object, rules, count)
  // To get a thing: from the ore that drops it, the block that is it, a recipe, or the furnace — in that order.
  const ore = ORES.find((o) => rules.drops(o).has(object))
  if (ore) return skillKey('mine', ore, rules, count)
  // A block world generation never places (a bed, a crafting table) is made, not found: mining it waits for one
  // someone else put down.
  const found = NATURAL_BLOCKS.includes(object) || !rules.recipe(object)
  if (found && rules.isBlock(object) && rules.drops(object).has(object)) return skillKey('mine', object, rules, count)
  if (rules.recipe(object)) return skillKey('craft', object, rules, count)
  // "Catch a fish": a rod cast into water until one bites.
  if (object === 'fish' || matchesObject('fish', object)) return skillKey('fish', object, rules, count)
  // Wheat: farmed (no wheat grows wild).
  const crop = Object.keys(CROPS).find((block) => CROPS[block]?.produce === object && !rules.recipe(object))
  if (crop && rules.isBlock(crop)) return skillKey('mine', crop, rules, count)
  // An apple from oak leaves, seeds from grass: the natural block that gives it beyond its drops.
  const giver = NATURAL_BLOCKS.find((block) => CHANCE_DROPS[block] !== undefined && extraYield(block) === object)
  if (giver) return skillKey('mine', giver, rules, count)
  const input = rules.smeltingInput(object)
  if (input) return skillKey('smelt', input, rules, count)
  // A family ("a bed"): its member soonest had, as the grounding's chain picks it (beds → white_bed).
  const member = isFamily(object) ? techTree(rules).member(object) : undefined
  if (member !== undefined && member !== object) return keyForObject(verb, member, count, rules)
  throw new UnknownGoalError(`I don't know how to get ${object}`)
}
