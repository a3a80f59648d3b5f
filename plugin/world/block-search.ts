import type { Bot } from 'mineflayer'

/** The parts of a prismarine-chunk (1.18+) section this search reads; older formats fall back to findBlock. */
interface SectionLike {
  readonly data?: { readonly value?: number; readonly palette?: readonly number[]; get(index: number): number }
  readonly palette?: readonly number[]
}

interface ColumnLike {
  readonly sections?: readonly (SectionLike | null | undefined)[]
}

/**
 * Distance from the bot to the nearest block whose state id is in `states`, within `radius`, or undefined.
 *
 * mineflayer's findBlock skips a chunk section only when the section has a palette; in 1.18+ chunks a uniform
 * section (all air, all stone) has a single value and no palette, so findBlock scans all 4,096 of its blocks —
 * about 0.3 s for a miss at radius 32. Here a uniform section is decided by its one value, a paletted one by its
 * palette, and only sections that can contain a match are scanned, reading state ids without making Block objects.
 */
export function nearestState(bot: Bot, states: ReadonlySet<number>, radius: number): number | undefined {
  return nearestStatePosition(bot, states, radius)?.distance
}

/** Like `nearestState`, with the block's position; `accept` can rule positions out (a fenced-off biome). */
export function nearestStatePosition(
  bot: Bot,
  states: ReadonlySet<number>,
  radius: number,
  accept?: (position: { x: number; y: number; z: number }) => boolean,
): { x: number; y: number; z: number; distance: number } | undefined {
  if (states.size === 0 || !bot.entity) return undefined
  const origin = bot.entity.position
  // minY and height are set by mineflayer from the login/dimension data but missing from its typings.
  const { minY = 0, height = 256 } = bot.game as unknown as { minY?: number; height?: number }
  const sectionCount = height >> 4
  const world = bot.world as unknown as { getColumn(x: number, z: number): ColumnLike | null }
  let best = Number.POSITIVE_INFINITY
  let at: { x: number; y: number; z: number } | undefined
  const r2 = radius * radius
  const [cx0, cx1] = [Math.floor((origin.x - radius) / 16), Math.floor((origin.x + radius) / 16)]
  const [cz0, cz1] = [Math.floor((origin.z - radius) / 16), Math.floor((origin.z + radius) / 16)]
  const [sy0, sy1] = [
    Math.max(0, Math.floor((origin.y - radius - minY) / 16)),
    Math.min(sectionCount - 1, Math.floor((origin.y + radius - minY) / 16)),
  ]
  for (let cx = cx0; cx <= cx1; cx++) {
    for (let cz = cz0; cz <= cz1; cz++) {
      const column = world.getColumn(cx, cz)
      if (!column?.sections) continue
      for (let sy = sy0; sy <= sy1; sy++) {
        const section = column.sections[sy]
        if (!section?.data) continue
        const bx = cx * 16
        const by = sy * 16 + minY
        const bz = cz * 16
        // The closest point of the section's box: if even that is beyond the best or the radius, skip it.
        const dx = Math.max(bx - origin.x, 0, origin.x - (bx + 16))
        const dy = Math.max(by - origin.y, 0, origin.y - (by + 16))
        const dz = Math.max(bz - origin.z, 0, origin.z - (bz + 16))
        const boxDistance2 = dx * dx + dy * dy + dz * dz
        if (boxDistance2 > r2 || boxDistance2 >= best * best) continue
        const palette = section.data.palette ?? section.palette
        const single = section.data.value
        if (palette === undefined && single !== undefined && !states.has(single)) continue
        if (palette !== undefined && !palette.some((s) => states.has(s))) continue
        for (let index = 0; index < 4096; index++) {
          if (!states.has(section.data.get(index))) continue
          const position = { x: bx + (index & 15), y: by + (index >> 8), z: bz + ((index >> 4) & 15) }
          const x = position.x + 0.5 - origin.x
          const y = position.y + 0.5 - origin.y
          const z = position.z + 0.5 - origin.z
          const d2 = x * x + y * y + z * z
          if (d2 <= r2 && d2 < best * best && (accept === undefined || accept(position))) {
            best = Math.sqrt(d2)
            at = position
          }
        }
      }
    }
  }
  return at ? { ...at, distance: best } : undefined
}

/** The state ids of every block whose name satisfies `matches`. */
export function statesOf(bot: Bot, matches: (name: string) => boolean): Set<number> {
  const states = new Set<number>()
  for (const block of bot.registry.blocksArray) {
    if (!matches(block.name)) continue
    for (let s = block.minStateId ?? block.id; s <= (block.maxStateId ?? block.id); s++) states.add(s)
  }
  return states
}
