/**
 * Names for groups of items and blocks that instructions and laws talk about as one: "a log" is any of a dozen
 * woods, "iron ore" includes its deepslate variant, "fuel" is whatever a furnace burns. A family name can stand
 * where an item or block name stands in a symbol (`has.planks.3`, `mine.logs`, `sees.diamond_ore`).
 */
const FAMILIES: ReadonlyMap<string, (name: string) => boolean> = new Map<string, (name: string) => boolean>([
  ['logs', (name) => (/_log$|_stem$/.test(name) && name !== 'mushroom_stem') || /_wood$|_hyphae$/.test(name)],
  ['planks', (name) => name.endsWith('_planks')],
  ['fuel', (name) => ['coal', 'charcoal', 'coal_block', 'blaze_rod', 'lava_bucket', 'dried_kelp_block'].includes(name)],
  ['wool', (name) => name.endsWith('_wool')],
  ['beds', (name) => name.endsWith('_bed')],
  // What a rod catches as fish: "catch a fish" is any of them (cod or salmon mostly).
  ['fish', (name) => ['cod', 'salmon', 'tropical_fish', 'pufferfish'].includes(name)],
  // Vanilla's item tag of the same name: what stone tools and furnaces are made of (LogicGuard's "cobble").
  ['stone_crafting_materials', (name) => ['cobblestone', 'cobbled_deepslate', 'blackstone'].includes(name)],
])

export function isFamily(object: string): boolean {
  return FAMILIES.has(object)
}

const DEEPSLATE = 'deepslate_'
/** familiesOf by name: the Sim's planner asks for the same few hundred names millions of times. */
const familiesByName = new Map<string, readonly string[]>()

/** The families a concrete item or block name belongs to, including ore names its deepslate variant stands for. */
export function familiesOf(name: string): string[] {
  let families = familiesByName.get(name)
  if (families === undefined) {
    const found = [...FAMILIES].filter(([, member]) => member(name)).map(([family]) => family)
    if (name.startsWith(DEEPSLATE) && name.endsWith('_ore')) found.push(name.slice(DEEPSLATE.length))
    families = found
    // Names come from minecraft-data and symbols a player typed; past this many, one more is not worth keeping.
    if (familiesByName.size < 10_000) familiesByName.set(name, families)
  }
  return [...families]
}

/** Does the concrete `name` count as `object` (the same name, a family it belongs to, or its ore's variant)? */
export function matchesObject(object: string, name: string): boolean {
  if (object === name) return true
  const member = FAMILIES.get(object)
  if (member !== undefined) return member(name)
  // `deepslate_${object}`, without building that string on every call.
  return name.length === object.length + DEEPSLATE.length && name.startsWith(DEEPSLATE) && name.endsWith(object)
}

/** Families a symbol names instead of their members: any log or plank will do. */
const SYMBOL_FAMILIES = ['logs', 'planks']

/**
 * The object a symbol names for a concrete item or block: a family for logs and planks (`mine.logs`,
 * `craft.planks`: the world takes the nearest or first that works), an ore for its deepslate variant
 * (`mine.iron_ore`), else the name itself.
 */
export function symbolObject(name: string): string {
  const family = familiesOf(name).find((f) => SYMBOL_FAMILIES.includes(f))
  if (family) return family
  return name.startsWith('deepslate_') && name.endsWith('_ore') ? name.slice('deepslate_'.length) : name
}

/** The names of `names` (a registry's item list, the same array every call) that count as `object`. */
const membersByList = new WeakMap<readonly string[], Map<string, readonly string[]>>()

export function membersOf(object: string, names: readonly string[]): readonly string[] {
  let byObject = membersByList.get(names)
  if (byObject === undefined) {
    byObject = new Map()
    membersByList.set(names, byObject)
  }
  let members = byObject.get(object)
  if (members === undefined) {
    members = names.filter((name) => matchesObject(object, name))
    if (byObject.size < 1_000) byObject.set(object, members)
  }
  return members
}
