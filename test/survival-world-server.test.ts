// The survival world over the real protocol: mineflayer bots join the embedded server on ten seeds and check what a
// player would see — a tree near spawn, stone under the grass, ores at their depths, the biomes the generator claims,
// sheep and a food animal nearby.
import assert from 'node:assert/strict'
import { after, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { ORE_RULES, type OreName, oreBlockNames, probabilityInBand } from '../plugin/server/world/ores.js'
import { SurvivalTerrain } from '../plugin/server/world/terrain.js'
import { closeAll, connectBot, startTestServer, waitUntil } from './harness/index.js'

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
const ORES: readonly OreName[] = ['coal', 'copper', 'iron', 'gold', 'redstone', 'lapis', 'diamond']
/** Depth bands (inclusive), all below the lowest lake floor, so each is solid ground but for caves. */
const BANDS = [
  [-64, -33],
  [-32, -1],
  [0, 31],
  [32, 55],
] as const
/** Ores are counted in the 5x5 chunks around the spawn chunk (view distance 3 loads 7x7). */
const SAMPLE_CHUNKS = 5

interface SeedSample {
  readonly seed: number
  /** Ore blocks by ore and band index. */
  readonly counts: Map<OreName, number[]>
  /** Ore blocks from y=56 up, by ore. */
  readonly upper: Map<OreName, number>
  readonly diamondTop: number
}

const FOOD_ANIMALS = ['cow', 'pig', 'chicken']

/** The kinds of entity the bot has in view within `distance` blocks. */
function kindsNear(bot: Bot, distance: number): Set<string> {
  const near = Object.values(bot.entities).filter((e) => e.position.distanceTo(bot.entity.position) < distance)
  return new Set(near.map((e) => e.name ?? ''))
}

const samples: SeedSample[] = []
const biomesSeen = new Set<string>()

function sampleOres(bot: Bot): Omit<SeedSample, 'seed'> {
  const { registry } = bot
  const oreOf = new Map<number, OreName>()
  for (const ore of ORES) {
    const { stone, deepslate } = oreBlockNames(ore)
    for (const name of [stone, deepslate]) oreOf.set(registry.blocksByName[name]?.id ?? -1, ore)
  }
  const spawn = bot.entity.position.floored()
  const [cx, cz] = [spawn.x >> 4, spawn.z >> 4]
  const half = (SAMPLE_CHUNKS - 1) / 2
  const counts = new Map(ORES.map((ore) => [ore, BANDS.map(() => 0)]))
  const upper = new Map(ORES.map((ore) => [ore, 0]))
  let diamondTop = Number.NEGATIVE_INFINITY
  const found = bot.findBlocks({
    point: spawn.offset(0, -40, 0),
    matching: [...oreOf.keys()],
    maxDistance: 16 * (half + 1) + 130,
    count: 1_000_000,
  })
  for (const pos of found) {
    if (Math.abs((pos.x >> 4) - cx) > half || Math.abs((pos.z >> 4) - cz) > half) continue
    const block = bot.blockAt(pos)
    const ore = block ? oreOf.get(block.type) : undefined
    if (ore === undefined) continue
    if (ore === 'diamond') diamondTop = Math.max(diamondTop, pos.y)
    if (pos.y >= 56) upper.set(ore, (upper.get(ore) ?? 0) + 1)
    const band = BANDS.findIndex(([lo, hi]) => pos.y >= lo && pos.y <= hi)
    const perBand = counts.get(ore) as number[]
    if (band >= 0) perBand[band] = (perBand[band] ?? 0) + 1
  }
  return { counts, upper, diamondTop }
}

/** Ore blocks per block of a band that the table promises, if every vein placed all its blocks. */
function tableDensity(ore: OreName, lo: number, hi: number): number {
  let blocks = 0
  for (const rule of ORE_RULES)
    if (rule.ore === ore) blocks += rule.attempts * rule.size * probabilityInBand(rule, lo, hi)
  return blocks / (256 * (hi - lo + 1))
}

after(() => {
  // One line per band, so a failing run shows the measured densities against the table.
  for (const [b, [lo, hi]] of BANDS.entries()) {
    const volume = samples.length * SAMPLE_CHUNKS ** 2 * 256 * (hi - lo + 1)
    const row = ORES.map((ore) => {
      const measured = samples.reduce((n, s) => n + ((s.counts.get(ore) as number[])[b] as number), 0) / volume
      return `${ore} ${(measured * 1000).toFixed(2)}/${(tableDensity(ore, lo, hi) * 1000).toFixed(2)}`
    })
    console.log(`ores per 1000 blocks, y ${lo}..${hi} (measured/table): ${row.join(', ')}`)
  }
})

for (const seed of SEEDS) {
  test(`seed ${seed}: a tree within 32 blocks, stone under the surface, ores, biomes as claimed, animals`, async () => {
    const server = await startTestServer({ generation: 'survival', seed })
    let bot: Bot | undefined
    try {
      bot = await connectBot(server, `seed${seed}`, { timeoutMs: 60_000 })
      const spawn = bot.entity.position.floored()
      assert.deepEqual(
        [spawn.x, spawn.z],
        [Math.floor(server.spawn?.x ?? Number.NaN), Math.floor(server.spawn?.z ?? Number.NaN)],
      )

      const tree = bot.findBlock({ matching: (b) => b.name.endsWith('_log'), maxDistance: 32 })
      assert.ok(tree, `no log within 32 blocks of spawn ${spawn}`)
      const leaves = bot.findBlock({ matching: (b) => b.name.endsWith('_leaves'), maxDistance: 40 })
      assert.ok(leaves, 'a tree has leaves')

      const below = Array.from({ length: 8 }, (_, i) => bot?.blockAt(spawn.offset(0, -2 - i, 0))?.name)
      assert.equal(bot.blockAt(spawn.offset(0, -1, 0))?.name, 'grass_block')
      assert.ok(
        below.some((name) => name === 'stone'),
        `no stone within 8 blocks under the spawn's grass: ${below.join(', ')}`,
      )

      const terrain = new SurvivalTerrain(seed)
      // Every 4x4 biome cell of the 5x5 chunks around the spawn chunk (all loaded at view distance 3).
      const [cx, cz] = [spawn.x >> 4, spawn.z >> 4]
      for (let x = (cx - 2) * 16 + 1; x < (cx + 3) * 16; x += 4) {
        for (let z = (cz - 2) * 16 + 1; z < (cz + 3) * 16; z += 4) {
          const [dx, dz] = [x - spawn.x, z - spawn.z]
          const claimed = terrain.biomeAt(x, z)
          for (const y of [-50, 20, terrain.heightAt(x, z)]) {
            const block = bot.blockAt(spawn.offset(dx, y - spawn.y, dz))
            assert.ok(block, `no block loaded at ${x} ${y} ${z}`)
            // Ids are compared through the server's minecraft-data: the client's own biome names can differ.
            assert.equal(
              server.registry.biomes[block.biome.id]?.name,
              claimed,
              `biome at ${x} ${y} ${z} (client id ${block.biome.id})`,
            )
          }
          biomesSeen.add(claimed)
        }
      }
      samples.push({ seed, ...sampleOres(bot) })

      // The herds' spawn packets may still be arriving after the chunks.
      const probe = bot
      await waitUntil(probe, () => kindsNear(probe, 64).has('sheep'), `seed ${seed}: a sheep within 64 blocks`, 15_000)
      const food = FOOD_ANIMALS.filter((kind) => kindsNear(probe, 64).has(kind))
      assert.ok(food.length > 0, `seed ${seed}: no cow, pig or chicken within 64 blocks`)
    } finally {
      await closeAll(server, [bot])
    }
  })
}

test('over the ten seeds: ore densities per depth band near the table, diamonds only deep, coal most common up high', () => {
  assert.equal(samples.length, SEEDS.length, 'every seed was sampled')
  for (const sample of samples)
    assert.ok(sample.diamondTop <= 16, `seed ${sample.seed}: diamond at y=${sample.diamondTop}`)
  for (const [b, [lo, hi]] of BANDS.entries()) {
    const volume = samples.length * SAMPLE_CHUNKS ** 2 * 256 * (hi - lo + 1)
    for (const ore of ORES) {
      const expected = tableDensity(ore, lo, hi)
      const measured = samples.reduce((n, s) => n + ((s.counts.get(ore) as number[])[b] as number), 0) / volume
      if (expected * volume < 10) {
        // Too few for a ratio (gold's triangle ends at y=32): only a stray few, if any, where the table has ~none.
        assert.ok(measured * volume < 10, `${ore} in y ${lo}..${hi}, where the table has almost none`)
        continue
      }
      // Veins lose blocks where their random walk revisits a block, to caves and at chunk edges: about half stays.
      const ratio = measured / expected
      assert.ok(ratio > 0.3 && ratio < 1.05, `${ore} in y ${lo}..${hi}: ${measured} per block, table ${expected}`)
    }
  }
  const upper = (ore: OreName) => samples.reduce((n, s) => n + (s.upper.get(ore) ?? 0), 0)
  for (const ore of ORES.filter((o) => o !== 'coal')) {
    assert.ok(upper('coal') > upper(ore), `from y=56 up coal (${upper('coal')}) outnumbers ${ore} (${upper(ore)})`)
  }
  assert.ok(biomesSeen.size >= 4, `biomes around ten spawns: ${[...biomesSeen].join(', ')}`)
})
