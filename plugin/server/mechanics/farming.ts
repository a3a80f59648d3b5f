// Farming and buckets, which flying-squid 1.12 lacks, as vanilla (Java Edition 1.21) has them (the Minecraft wiki's
// figures; docs/server.md cites them):
// - a hoe used on grass or dirt (with air above) tills it into farmland, and wears by one use;
// - seeds (wheat, beetroot) and a carrot or potato used on farmland plant their crop;
// - crops grow on random ticks: each block gets one with chance randomTickSpeed/4096 per game tick (the gamerule,
//   3 by default: once per ~68 s), and grows a stage with chance 1/(⌊25/points⌋ + 1), points being 2 on dry
//   farmland and 4 on hydrated (water within 4 blocks, level or one up), plus 0.25 (dry) or 0.75 (hydrated) for each
//   farmland around, halved when the same crop stands diagonally or on two sides; light is not modelled;
// - breaking a ripe crop drops its produce (wheat and beetroots: 1, and 1–4 seeds; carrots and potatoes 1–4), an
//   unripe one its seed (vanilla's loot tables: 1 + binomial(3, 4/7) for the bonus count);
// - short grass drops wheat seeds with chance 1/8, oak and dark oak leaves an apple with chance 1/200, any leaves a
//   sapling 1/20 and 1–2 sticks 1/50 (`vocabulary/natural.ts` CHANCE_DROPS); flying-squid's own drops for these
//   blocks (every loot entry every time) are replaced; so are gravel's (flint 1 in 10, else the gravel itself, where
//   flying-squid gives both);
// - shears used on a sheep shear it once: 1–3 white wool (the wiki's Sheep page), one use of the shears;
// - an empty bucket used on a water or lava source takes it (a water or lava bucket), on a cow gives a milk bucket;
//   a full bucket used on a block pours its liquid there and is an empty bucket again.
import type { MCServer, SquidItem, SquidPlayer, SquidVec3, SquidWorld } from 'flying-squid'
import type { Block } from 'prismarine-block'
import { Vec3 } from 'vec3'
import { CHANCE_DROPS, CROPS, EXTRA_DROPS, INSTEAD_DROPS } from '../../vocabulary/natural.js'
import { dropItem } from './drops.js'
import { itemClass } from './prismarine.js'
import { wearHeldItem, wearPerBlock } from './tool-wear.js'

export interface FarmingOptions {
  /** Vanilla's gamerule randomTickSpeed: random ticks per 16³ section per game tick (default 3). */
  randomTickSpeed?: number
  /** The source of chance (crop growth, chance drops); Math.random by default, a fixed one in tests. */
  random?: () => number
}

const STAGES: Readonly<Record<string, number>> = { wheat: 7, carrots: 7, potatoes: 7, beetroots: 3 }
const BLOCKS_PER_SECTION = 4096
/** Gravel mined without Silk Touch or Fortune drops flint with this chance, else itself (the wiki's Gravel page). */
const BUCKETS: Readonly<Record<string, string>> = { water: 'water_bucket', lava: 'lava_bucket' }

export function installFarming(serv: MCServer, options: FarmingOptions = {}): void {
  const { registry } = serv
  const random = options.random ?? Math.random
  const randomTickSpeed = options.randomTickSpeed ?? 3
  const Item = itemClass(serv)
  const stateOf = (name: string, offset = 0) => (registry.blocksByName[name]?.minStateId ?? 0) + offset
  /** Planted crops, by world and position: the only blocks the random ticks look at. */
  const crops = new Map<string, { world: SquidWorld; at: SquidVec3; crop: string }>()
  const key = (at: SquidVec3) => `${at.x},${at.y},${at.z}`
  /** Sheep shorn (by entity id): vanilla's grow their wool back by eating grass, which these sheep never do. */
  const sheared = new Set<number>()
  const nameAt = async (world: SquidWorld, at: SquidVec3) => registry.blocks[await world.getBlockType(at)]?.name

  const heldSlot = (player: SquidPlayer) => 36 + player.heldItemSlot
  const held = (player: SquidPlayer): SquidItem | null => player.inventory.slots[heldSlot(player)] ?? null
  const heldName = (player: SquidPlayer) => {
    const item = held(player)
    return item ? registry.items[item.type]?.name : undefined
  }
  /** The hand's item turned into `name` (a bucket filled or emptied), one of a stack; the rest stays in hand. */
  function swapHeld(player: SquidPlayer, name: string): void {
    const item = held(player)
    const id = registry.itemsByName[name]?.id
    if (!item || id === undefined) return
    if (item.count > 1) {
      player.inventory.updateSlot(heldSlot(player), new Item(item.type, item.count - 1, item.metadata, item.nbt))
      dropItem(serv, player.world, player.position, id, 1)
    } else player.inventory.updateSlot(heldSlot(player), new Item(id, 1))
  }
  const resend = async (player: SquidPlayer, at: SquidVec3) =>
    player.sendBlock(at, await player.world.getBlockStateId(at))

  // Tilling: a hoe on grass or dirt with air above.
  for (const soil of ['grass_block', 'dirt', 'dirt_path', 'coarse_dirt']) {
    if (!registry.blocksByName[soil]) continue
    serv.onBlockInteraction(soil, async ({ block, player }) => {
      const hoe = heldName(player)
      if (!hoe?.endsWith('_hoe')) return false
      const above = block.position.offset(0, 1, 0)
      if ((await nameAt(player.world, above)) !== 'air') return true
      await serv.setBlock(player.world, block.position, stateOf('farmland'))
      wearHeldItem(serv, player, wearPerBlock)
      return true
    })
  }

  // Planting: what a seed's item places is its crop, on farmland only.
  for (const [crop, { seed }] of Object.entries(CROPS)) {
    if (!registry.itemsByName[seed] || !registry.blocksByName[crop]) continue
    serv.onItemPlace(seed, async ({ player, referencePosition, placedPosition, direction }) => {
      const onFarmland = direction === 1 && (await nameAt(player.world, referencePosition)) === 'farmland'
      if (!onFarmland || (await nameAt(player.world, placedPosition)) !== 'air') {
        await resend(player, placedPosition)
        return { id: -1, data: 0 }
      }
      crops.set(key(placedPosition), { world: player.world, at: placedPosition, crop })
      return { id: registry.blocksByName[crop]?.id ?? -1, data: 0 }
    })
  }

  // Buckets: empty ones take a source (mineflayer's activateBlock on the liquid), full ones pour. A click on a
  // liquid with anything else in hand is not the bucket's: flying-squid's own placement has it, as before.
  for (const liquid of Object.keys(BUCKETS)) {
    if (!registry.blocksByName[liquid]) continue
    serv.onBlockInteraction(liquid, async ({ block, player }) => {
      if (heldName(player) !== 'bucket') return false
      const source = Number(block.getProperties().level) === 0
      if (!source) return true
      await serv.setBlock(player.world, block.position, 0)
      swapHeld(player, BUCKETS[liquid] as string)
      return true
    })
  }
  for (const [liquid, bucket] of Object.entries(BUCKETS)) {
    if (!registry.itemsByName[bucket]) continue
    serv.onItemPlace(bucket, ({ player }) => {
      // flying-squid takes the placed item out of the hand afterwards: the empty bucket goes back in then.
      const slot = heldSlot(player)
      setImmediate(() => player.inventory.updateSlot(slot, new Item(registry.itemsByName.bucket?.id ?? 0, 1)))
      return { id: registry.blocksByName[liquid]?.id ?? -1, data: 0 }
    })
  }

  serv.on('newPlayer', (player: SquidPlayer) => {
    // Milking (an empty bucket on a cow) and shearing (shears on a sheep not yet sheared: 1–3 white wool, one use).
    player._client.on('use_entity', ({ target, mouse }: { target?: unknown; mouse?: unknown }) => {
      if (mouse === 1 || mouse === 'attack') return
      const id = Number(target)
      const entity = serv.entities[id] as { name?: string; mobType?: number; position?: SquidVec3 } | undefined
      const kind = entity?.name ?? registry.entities[entity?.mobType ?? -1]?.name
      const hand = heldName(player)
      if (kind === 'cow' && hand === 'bucket') swapHeld(player, 'milk_bucket')
      if (kind === 'sheep' && hand === 'shears' && !sheared.has(id) && entity?.position) {
        sheared.add(id)
        const wool = registry.itemsByName.white_wool?.id
        if (wool !== undefined)
          dropItem(serv, player.world, entity.position.offset(0, 1, 0), wool, 1 + Math.floor(random() * 3))
        wearHeldItem(serv, player, () => 1)
      }
    })
    // flying-squid drops every entry of a block's loot table every time (an apple from each oak leaf, wheat from a
    // seedling): for these blocks vanilla's loot replaces it.
    player.on('dug', (data: { position: SquidVec3; block: Block; drops: unknown[] }, cancelled: boolean) => {
      if (cancelled) return
      const { position, block } = data
      crops.delete(key(position))
      const loot = vanillaLoot(block)
      if (loot === undefined) return
      data.drops.splice(0)
      const at = new Vec3(position.x + 0.5, position.y + 0.5, position.z + 0.5)
      for (const [name, n] of loot) {
        const id = registry.itemsByName[name]?.id
        if (id !== undefined && n > 0) dropItem(serv, player.world, at, id, n)
      }
    })
  })

  /** 1 plus a binomial(3, 4/7): a ripe crop's seeds (vanilla's apply_bonus binomial_with_bonus_count). */
  const bonus = () => 1 + [0, 1, 2].filter(() => random() < 4 / 7).length

  /** What vanilla drops for a block this mechanic handles (no tool enchantment, no shears); undefined for others. */
  function vanillaLoot(block: Block): Map<string, number> | undefined {
    const loot = new Map<string, number>()
    if (block.name === 'gravel') return loot.set(random() < (INSTEAD_DROPS.gravel ?? 0) ? 'flint' : 'gravel', 1)
    const chance = CHANCE_DROPS[block.name]
    if (chance !== undefined) {
      if (block.name.endsWith('_leaves')) {
        // Leaves (the wiki): a sapling 1 in 20, 1–2 sticks 1 in 50, and oak's apple 1 in 200.
        if (random() < 0.05) loot.set(block.name.replace('_leaves', '_sapling'), 1)
        if (random() < 0.02) loot.set('stick', 1 + Math.floor(random() * 2))
      }
      if (random() < chance) loot.set(EXTRA_DROPS[block.name] as string, 1)
      return loot
    }
    const crop = CROPS[block.name]
    if (!crop) return undefined
    const ripe = Number(block.getProperties().age) >= (STAGES[block.name] ?? 7)
    if (!ripe) loot.set(crop.seed, 1)
    else if (block.name === 'wheat' || block.name === 'beetroots') {
      loot.set(crop.produce, 1)
      loot.set(crop.seed, bonus())
    } else loot.set(crop.produce, bonus())
    return loot
  }

  /** Vanilla's growth points of the crop at `at` (CropBlock.getGrowthSpeed). */
  async function growthPoints(world: SquidWorld, at: SquidVec3, crop: string): Promise<number> {
    let points = 1
    const sameAround: boolean[] = []
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        const below = at.offset(dx, -1, dz)
        let gain = 0
        if ((await nameAt(world, below)) === 'farmland') gain = (await hydrated(world, below)) ? 3 : 1
        if (dx !== 0 || dz !== 0) {
          gain /= 4
          sameAround.push((await nameAt(world, at.offset(dx, 0, dz))) === crop)
        }
        points += gain
      }
    }
    // Order of sameAround: (-1,-1) (-1,0) (-1,1) (0,-1) (0,1) (1,-1) (1,0) (1,1).
    const [nw, w, sw, n, s, ne, e, se] = sameAround
    const diagonal = nw || sw || ne || se
    if (diagonal || ((w || e) && (n || s))) points /= 2
    return points
  }

  /** Water within 4 blocks horizontally, at the farmland's level or one up (FarmBlock.isNearWater). */
  async function hydrated(world: SquidWorld, farmland: SquidVec3): Promise<boolean> {
    for (let dy = 0; dy <= 1; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        for (let dz = -4; dz <= 4; dz++) {
          if ((await nameAt(world, farmland.offset(dx, dy, dz))) === 'water') return true
        }
      }
    }
    return false
  }

  async function randomTick(world: SquidWorld, at: SquidVec3, crop: string): Promise<void> {
    const stateId = await world.getBlockStateId(at)
    const base = registry.blocksByName[crop]
    if (!base || stateId < base.minStateId || stateId > base.maxStateId) {
      crops.delete(key(at))
      return
    }
    const age = stateId - base.minStateId
    if (age >= (STAGES[crop] ?? 7)) return
    const points = await growthPoints(world, at, crop)
    if (random() < 1 / (Math.floor(25 / points) + 1)) await serv.setBlock(world, at, stateOf(crop, age + 1))
  }

  serv.on('tick', () => {
    const chance = randomTickSpeed / BLOCKS_PER_SECTION
    for (const { world, at, crop } of crops.values()) {
      if (random() < chance) randomTick(world, at, crop).catch((error: unknown) => serv.emit('error', error))
    }
  })
}
