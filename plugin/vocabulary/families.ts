/**
 * Names for groups of items and blocks that instructions and laws talk about as one: "a log" is any of a dozen
 * woods, "iron ore" includes its deepslate variant, "fuel" is whatever a furnace burns. A family name can stand
 * where an item or block name stands in a symbol (`has.planks.3`, `mine.logs`, `sees.diamond_ore`).
 */
const FAMILIES: Readonly<Record<string, (name: string) => boolean>> = {
  logs: (name) => (/_log$|_stem$/.test(name) && name !== 'mushroom_stem') || /_wood$|_hyphae$/.test(name),
  planks: (name) => name.endsWith('_planks'),
  fuel: (name) => ['coal', 'charcoal', 'coal_block', 'blaze_rod', 'lava_bucket', 'dried_kelp_block'].includes(name),
  wool: (name) => name.endsWith('_wool'),
  beds: (name) => name.endsWith('_bed'),
  // What a rod catches as fish: "catch a fish" is any of them (cod or salmon mostly).
  fish: (name) => ['cod', 'salmon', 'tropical_fish', 'pufferfish'].includes(name),
  // Vanilla's item tag of the same name: what stone tools and furnaces are made of (LogicGuard's "cobble").
  stone_crafting_materials: (name) => ['cobblestone', 'cobbled_deepslate', 'blackstone'].includes(name),
}

export function isFamily(object: string): boolean {
  return object in FAMILIES
}

/** The families a concrete item or block name belongs to, including ore names its deepslate variant stands for. */
export function familiesOf(name: string): string[] {
  const families = Object.entries(FAMILIES)
    .filter(([, member]) => member(name))
    .map(([family]) => family)
  if (name.startsWith('deepslate_') && name.endsWith('_ore')) families.push(name.slice('deepslate_'.length))
  return families
}

/** Does the concrete `name` count as `object` (the same name, a family it belongs to, or its ore's variant)? */
export function matchesObject(object: string, name: string): boolean {
  return object === name || (FAMILIES[object]?.(name) ?? false) || name === `deepslate_${object}`
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
