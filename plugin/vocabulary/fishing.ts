/**
 * Fishing as vanilla has it (Java Edition 1.21, no Luck of the Sea, no Lure; the Minecraft wiki's "Fishing" page,
 * https://minecraft.wiki/w/Fishing): a catch comes 5 to 30 seconds after the bobber lands (100–600 ticks, uniform),
 * and is a fish 85% of the time, junk 10% and treasure 5%, each drawn by weight within its category. One catch
 * costs the rod one use. Shared by the Sim and the embedded server, so both catch alike.
 */

export const FISHING_WAIT_TICKS: readonly [min: number, max: number] = [100, 600]

type Weighted = ReadonlyArray<readonly [item: string, weight: number]>

/** Category weights out of 100, then each category's items with their wiki weights. */
const CATEGORIES: ReadonlyArray<readonly [weight: number, items: Weighted]> = [
  [
    85,
    [
      ['cod', 60],
      ['salmon', 25],
      ['tropical_fish', 2],
      ['pufferfish', 13],
    ],
  ],
  [
    10,
    [
      ['lily_pad', 17],
      ['leather_boots', 10],
      ['leather', 10],
      ['bone', 10],
      ['glass_bottle', 10],
      ['string', 5],
      ['fishing_rod', 2],
      ['bowl', 10],
      ['stick', 5],
      ['ink_sac', 1],
      ['tripwire_hook', 10],
      ['rotten_flesh', 10],
    ],
  ],
  [
    5,
    [
      ['bow', 1],
      ['enchanted_book', 1],
      ['fishing_rod', 1],
      ['name_tag', 1],
      ['nautilus_shell', 1],
      ['saddle', 1],
    ],
  ],
]

function pick(items: Weighted, u: number): string {
  const total = items.reduce((sum, [, w]) => sum + w, 0)
  let left = u * total
  for (const [item, weight] of items) {
    left -= weight
    if (left < 0) return item
  }
  return items[items.length - 1]?.[0] ?? 'cod'
}

/** One catch from two uniform draws in [0, 1): the category, then the item in it. */
export function fishingCatch(category: number, item: number): string {
  let left = category * 100
  for (const [weight, items] of CATEGORIES) {
    left -= weight
    if (left < 0) return pick(items, item)
  }
  return pick(CATEGORIES[0]?.[1] ?? [], item)
}

/** The items a rod can bring up as fish: what "catch a fish" wants. */
export const FISH: readonly string[] = ['cod', 'salmon', 'tropical_fish', 'pufferfish']
