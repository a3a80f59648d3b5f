/**
 * Armour as players name it: the four pieces of each material and the body slot each is worn in (mineflayer's
 * `bot.equip` destinations), so "make me iron armour" is the four iron pieces and "put on your armour" puts each
 * piece held on where it goes. `wears.X` is the predicate of a piece worn.
 */

export type ArmourSlot = 'head' | 'torso' | 'legs' | 'feet'

const PIECES: ReadonlyArray<readonly [suffix: string, slot: ArmourSlot]> = [
  ['helmet', 'head'],
  ['chestplate', 'torso'],
  ['leggings', 'legs'],
  ['boots', 'feet'],
]

/** Materials with all four pieces, worst first (the order a bot prefers the last of). */
export const ARMOUR_MATERIALS = ['leather', 'golden', 'chainmail', 'iron', 'diamond', 'netherite'] as const

/** The four pieces of a material, head to feet (`iron` → iron_helmet, iron_chestplate, iron_leggings, iron_boots). */
export function armourOf(material: string): string[] {
  return PIECES.map(([suffix]) => `${material}_${suffix}`)
}

/** The slot a piece is worn in, or undefined for what is not armour (a turtle shell is a helmet). */
export function armourSlot(item: string): ArmourSlot | undefined {
  if (item === 'turtle_helmet') return 'head'
  const [material, ...rest] = item.split('_')
  if (!(ARMOUR_MATERIALS as readonly string[]).includes(material ?? '')) return undefined
  return PIECES.find(([suffix]) => suffix === rest.join('_'))?.[1]
}

/** How good a piece is among those for its slot (its material's rank); -1 for what is not armour. */
export function armourRank(item: string): number {
  if (armourSlot(item) === undefined) return -1
  return ARMOUR_MATERIALS.findIndex((m) => item.startsWith(`${m}_`))
}

/** Of the items held, the best piece for each slot: what "put on your armour" puts on. */
export function bestArmour(held: Iterable<string>): string[] {
  const best = new Map<ArmourSlot, string>()
  for (const item of held) {
    const slot = armourSlot(item)
    if (slot === undefined) continue
    const now = best.get(slot)
    if (now === undefined || armourRank(item) > armourRank(now)) best.set(slot, item)
  }
  return PIECES.flatMap(([, slot]) => best.get(slot) ?? [])
}
