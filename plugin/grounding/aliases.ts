/**
 * The papers' spellings of our symbols, so their laws load as written: LogicGuard's `obs_has_3x_plank` and
 * `action_mine_log` (Appendix A.3.2, both the table's and the laws' variants, e.g. `wood`/`wooden`), and the CEDAR
 * paper's `mine(diamond_ore)`.
 */
export const LOGICGUARD_ALIASES: Readonly<Record<string, string>> = {
  obs_has_log: 'has.logs',
  obs_has_plank: 'has.planks',
  obs_has_2x_plank: 'has.planks.2',
  obs_has_3x_plank: 'has.planks.3',
  obs_has_4x_plank: 'has.planks.4',
  obs_has_11x_plank: 'has.planks.11',
  obs_has_2x_stick: 'has.stick.2',
  // The paper's "cobble" is whatever stone tools and furnaces take: mining deepslate gives cobbled_deepslate.
  obs_has_3x_cobble: 'has.stone_crafting_materials.3',
  obs_has_8x_cobble: 'has.stone_crafting_materials.8',
  obs_has_11x_cobble: 'has.stone_crafting_materials.11',
  obs_has_wood_pickaxe: 'has.wooden_pickaxe',
  obs_has_wooden_pickaxe: 'has.wooden_pickaxe',
  obs_has_stone_pickaxe: 'has.stone_pickaxe',
  obs_has_iron_pickaxe: 'has.iron_pickaxe',
  obs_has_diamond: 'has.diamond',
  obs_has_iron_ingot: 'has.iron_ingot',
  obs_has_3x_iron_ingot: 'has.iron_ingot.3',
  // Iron ore drops raw iron since 1.17.
  obs_has_1x_iron_ore: 'has.raw_iron',
  obs_has_2x_iron_ore: 'has.raw_iron.2',
  obs_has_3x_iron_ore: 'has.raw_iron.3',
  obs_has_crafting_table: 'has.crafting_table',
  obs_has_furnace: 'has.furnace',
  obs_has_fuel: 'has.fuel',
  obs_near_crafting_table: 'near.crafting_table',
  obs_near_furnace: 'near.furnace',
  obs_diamond_in_chunk: 'sees.diamond_ore',
  obs_iron_in_chunk: 'sees.iron_ore',
  obs_coal_in_chunk: 'sees.coal_ore',
  obs_iron_pickaxe_equipped: 'equipped.iron_pickaxe',
  obs_stone_pickaxe_equipped: 'equipped.stone_pickaxe',
  obs_wood_pickaxe_equipped: 'equipped.wooden_pickaxe',
  obs_wooden_pickaxe_equipped: 'equipped.wooden_pickaxe',
  action_mine_log: 'mine.logs',
  action_mine_stone: 'mine.stone',
  action_mine_iron_ore: 'mine.iron_ore',
  action_mine_coal: 'mine.coal_ore',
  action_mine_diamond: 'mine.diamond_ore',
  action_craft_planks: 'craft.planks',
  action_craft_stick: 'craft.stick',
  action_craft_wooden_pickaxe: 'craft.wooden_pickaxe',
  action_craft_stone_pickaxe: 'craft.stone_pickaxe',
  action_craft_iron_pickaxe: 'craft.iron_pickaxe',
  action_craft_crafting_table: 'craft.crafting_table',
  action_craft_furnace: 'craft.furnace',
  action_smelt_iron: 'smelt.raw_iron',
  action_equip_wood_pickaxe: 'equip.wooden_pickaxe',
  action_equip_wooden_pickaxe: 'equip.wooden_pickaxe',
  action_equip_stone_pickaxe: 'equip.stone_pickaxe',
  action_equip_iron_pickaxe: 'equip.iron_pickaxe',
  action_explore_general: 'explore.any',
  action_explore_diamond_down: 'explore.diamond_ore',
  action_place_crafting_table: 'place.crafting_table',
  action_place_furnace: 'place.furnace',
}

/** Our symbol for a name written in any accepted spelling; names already ours come back unchanged. */
export function canonicalSymbol(name: string): string {
  const alias = LOGICGUARD_ALIASES[name]
  if (alias) return alias
  const call = /^([a-z_]+)\(([a-z0-9_]+)(?:,\s*(\d+))?\)$/.exec(name)
  if (call) return call[3] ? `${call[1]}.${call[2]}.${call[3]}` : `${call[1]}.${call[2]}`
  return name
}
