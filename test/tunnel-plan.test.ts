// The tunnel planner (plugin/world/mineflayer/tunnel-plan.ts) on a world held in memory: it finds a way round a lava
// wall that the greedy step-nearest-the-ore walk it replaced went back and forth in front of, digs nothing beside a
// liquid or straight down, and gives up, saying how far it looked, when lava closes every way.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import { Vec3 } from 'vec3'
import { LIQUID_BLOCKS } from '../plugin/vocabulary/block-classes.js'
import { BiomeFence } from '../plugin/world/mineflayer/biome-fence.js'
import { planTunnel, reachesFrom } from '../plugin/world/mineflayer/tunnel-plan.js'
import { NEIGHBOURS } from '../plugin/world/mineflayer/tunnel-steps.js'

/** Stone from y=0 to y=8 over x, z in [-20, 20] (air above, the edge of the world unknown), with `extra` blocks. */
function stoneWorld(extra: Record<string, string>, feet: Vec3): Bot {
  const nameAt = (p: Vec3): string | null => {
    if (Math.abs(p.x) > 20 || Math.abs(p.z) > 20 || p.y < 0) return null
    return extra[`${p.x},${p.y},${p.z}`] ?? (p.y <= 8 ? 'stone' : 'air')
  }
  const blockAt = (p: Vec3) => {
    const at = p.floored()
    const name = nameAt(at)
    if (name === null) return null
    return { name, position: at, boundingBox: name === 'stone' || name === 'iron_ore' ? 'block' : 'empty' }
  }
  return { entity: { position: feet.offset(0.5, 0, 0.5) }, blockAt } as unknown as Bot
}

/** The bot's room to start in: its feet and head dug out of the stone at `feet`. */
function room(feet: Vec3): Record<string, string> {
  return { [`${feet.x},${feet.y},${feet.z}`]: 'air', [`${feet.x},${feet.y + 1},${feet.z}`]: 'air' }
}

test('a tunnel goes round a lava wall across the way to the ore, digging nothing beside the lava', async () => {
  const feet = new Vec3(0, 4, 0)
  const ore = new Vec3(9, 4, 0)
  const extra: Record<string, string> = { ...room(feet), '9,4,0': 'iron_ore' }
  // A wall of lava across the way, five wide and the stone's full height: no way through it or over it.
  for (let z = -3; z <= 3; z++) for (let y = 1; y <= 8; y++) extra[`6,${y},${z}`] = 'lava'
  const bot = stoneWorld(extra, feet)
  const { steps, searched } = await planTunnel(bot, new BiomeFence(bot), ore, new AbortController().signal)
  assert.ok(steps, `a plan (searched ${searched})`)
  let at = feet
  for (const step of steps) {
    assert.ok(step.from.equals(at), `each step starts where the last ended (${step.from} after ${at})`)
    for (const dug of step.clear) {
      assert.ok(!(dug.x === step.from.x && dug.z === step.from.z && dug.y < step.from.y), `not straight down: ${dug}`)
      const besideLiquid = NEIGHBOURS.some(([dx, dy, dz]) =>
        LIQUID_BLOCKS.has(bot.blockAt(dug.offset(dx, dy, dz))?.name ?? ''),
      )
      assert.ok(!besideLiquid, `nothing dug beside the lava: ${dug}`)
    }
    at = step.stand
  }
  assert.ok(reachesFrom(bot, at, ore), `the ore is within reach at the tunnel's end (${at})`)
  assert.ok(Math.abs(at.z) >= 1 || at.x > 6, 'the tunnel went round the wall')
  assert.ok(searched < 2000, `a few places searched, not the world (${searched})`)
})

test('an ore lava closes off on every side is given up, with how far the planner looked', async () => {
  const feet = new Vec3(0, 4, 0)
  const ore = new Vec3(8, 4, 0)
  const extra: Record<string, string> = { ...room(feet), '8,4,0': 'iron_ore' }
  // A lava shell two blocks out round the ore: any block within reach of it lies beside lava.
  for (let x = 5; x <= 11; x++)
    for (let y = 1; y <= 8; y++)
      for (let z = -3; z <= 3; z++)
        if (Math.max(Math.abs(x - 8), Math.abs(z), Math.abs(y - 4)) === 3) extra[`${x},${y},${z}`] = 'lava'
  const bot = stoneWorld(extra, feet)
  const { steps, searched } = await planTunnel(bot, new BiomeFence(bot), ore, new AbortController().signal, 3000)
  assert.equal(steps, undefined)
  assert.ok(searched > 100 && searched <= 3000, `looked, within the limit (${searched})`)
})
