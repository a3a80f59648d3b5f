// The survival world generator without a server: determinism, layers, ore depths and the biomes written.
import assert from 'node:assert/strict'
import { createRequire } from 'node:module'
import { test } from 'node:test'
import { type ChunkColumnClass, SurvivalWorldGenerator } from '../plugin/server/world/survival-generation.js'

const squidRequire = createRequire(createRequire(import.meta.url).resolve('flying-squid'))
const registry = squidRequire('prismarine-registry')('1.21.4')
const Chunk = squidRequire('prismarine-chunk')(registry) as ChunkColumnClass & {
  new (): { dump(): Buffer }
}

function generator(seed: number): SurvivalWorldGenerator {
  return new SurvivalWorldGenerator(seed, registry, Chunk)
}

const nameAt = (chunk: ReturnType<SurvivalWorldGenerator['generateChunk']>, x: number, y: number, z: number) =>
  registry.blocksByStateId[chunk.getBlockStateId({ x, y, z })].name as string

test('the same seed gives the same chunks; another seed gives another world', () => {
  const dump = (seed: number, x: number, z: number) =>
    (generator(seed).generateChunk(x, z) as unknown as { dump(): Buffer }).dump()
  assert.deepEqual(dump(7, 3, -2), dump(7, 3, -2))
  assert.notDeepEqual(dump(7, 3, -2), dump(8, 3, -2))
})

test('bedrock at the bottom, deepslate below y=0, stone above, the surface on top', () => {
  const world = generator(11)
  const chunk = world.generateChunk(0, 0)
  for (let x = 0; x < 16; x++) {
    for (let z = 0; z < 16; z++) {
      assert.equal(nameAt(chunk, x, -64, z), 'bedrock')
      const height = world.terrain.heightAt(x, z)
      const top = nameAt(chunk, x, height, z)
      assert.ok(['grass_block', 'sand', 'gravel', 'dirt', 'stone', 'air'].includes(top) || top.endsWith('_ore'), top)
    }
  }
  const counts = new Map<string, number>()
  for (let y = -40; y < -8; y++) counts.set(nameAt(chunk, 5, y, 5), (counts.get(nameAt(chunk, 5, y, 5)) ?? 0) + 1)
  assert.equal(counts.get('stone') ?? 0, 0, 'no plain stone below y=0')
  assert.ok((counts.get('deepslate') ?? 0) > 10)
})

test('diamonds only at y <= 16, and ores in every chunk sample', () => {
  const world = generator(5)
  const found = new Map<string, number>()
  for (let cx = 0; cx < 4; cx++) {
    for (let cz = 0; cz < 4; cz++) {
      const chunk = world.generateChunk(cx, cz)
      for (let x = 0; x < 16; x++) {
        for (let z = 0; z < 16; z++) {
          for (let y = -64; y < 120; y++) {
            const name = nameAt(chunk, x, y, z)
            if (!name.endsWith('_ore')) continue
            found.set(name, (found.get(name) ?? 0) + 1)
            if (name.includes('diamond')) assert.ok(y <= 16, `diamond at y=${y}`)
          }
        }
      }
    }
  }
  for (const ore of ['coal', 'copper', 'iron', 'gold', 'redstone', 'lapis', 'diamond']) {
    const total = (found.get(`${ore}_ore`) ?? 0) + (found.get(`deepslate_${ore}_ore`) ?? 0)
    assert.ok(total > 0, `no ${ore} in 16 chunks`)
  }
})

test('the biome written in each 4x4 cell is the one the terrain claims, by the registry id', () => {
  const world = generator(9)
  for (const [cx, cz] of [
    [0, 0],
    [7, -3],
    [-12, 20],
  ] as const) {
    const chunk = world.generateChunk(cx, cz) as unknown as { getBiome(p: { x: number; y: number; z: number }): number }
    for (let x = 0; x < 16; x += 4) {
      for (let z = 0; z < 16; z += 4) {
        const claimed = world.terrain.biomeAt(cx * 16 + x, cz * 16 + z)
        assert.equal(chunk.getBiome({ x, y: 64, z }), registry.biomesByName[claimed].id)
      }
    }
  }
})

test('the spawn point stands on grass with room above it, near the origin', () => {
  for (const seed of [1, 2, 3]) {
    const world = generator(seed)
    const spawn = world.findSpawn()
    const chunk = world.generateChunk(Math.floor(spawn.x) >> 4, Math.floor(spawn.z) >> 4)
    const [x, z] = [Math.floor(spawn.x) & 15, Math.floor(spawn.z) & 15]
    assert.equal(nameAt(chunk, x, spawn.y - 1, z), 'grass_block')
    assert.ok(!nameAt(chunk, x, spawn.y, z).endsWith('_log'))
    assert.ok(Math.abs(spawn.x) <= 512 && Math.abs(spawn.z) <= 512)
  }
})
