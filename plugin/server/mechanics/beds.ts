// Beds, which flying-squid 1.12 lacks: using a bed at night puts the player to sleep the way 1.14+ clients (and
// mineflayer's `bot.sleep`) expect — the SLEEPING pose in the entity metadata, the bed marked occupied — and once every
// player has slept `sleepTicks` ticks the night is skipped and everyone wakes up. Refusals are vanilla's action-bar
// lines. Placing and breaking a bed as a whole is bed-placement.ts. flying-squid's own `entity.sendMetadata` is a
// no-op on 1.20.2+, so packets are written directly.
import type { BlockInteraction, MCServer, SquidPlayer, SquidVec3, SquidWorld } from 'flying-squid'
import type { IndexedData } from 'minecraft-data'
import { BED_FACING, installBedPlacement } from './bed-placement.js'
import { blockFactory } from './prismarine.js'

export interface BedOptions {
  /** Ticks every player must lie in bed before the night is skipped (vanilla: 100). */
  sleepTicks: number
}

type Refusal = 'no_sleep' | 'occupied' | 'too_far_away'

interface Sleeper {
  world: SquidWorld
  head: SquidVec3
  foot: SquidVec3
  /** Server ticks spent in bed so far. */
  ticks: number
}

interface MetadataEntry {
  key: number
  type: string | number
  value: unknown
}

const POSE_STANDING = 0
const POSE_SLEEPING = 2
const ANIMATION_LEAVE_BED = 2 // mineflayer: entityWake
const DAY_LENGTH = 24_000
// Vanilla's Level.isDay() in clear weather; mineflayer's bot.sleep checks 12541..23458 on its own side.
const NIGHT_FROM = 12_542
const NIGHT_TO = 23_459

export function installBeds(serv: MCServer, options: BedOptions): void {
  const { registry } = serv
  // Before 1.14 sleeping was a `bed` packet and block metadata rather than a pose and block states.
  if (!registry.version['>=']('1.14')) return
  const Block = blockFactory(serv)
  const bedNames = new Set(registry.blocksArray.filter((b) => b.name.endsWith('_bed')).map((b) => b.name))
  const poseEntries = poseMetadata(registry)
  const sendActionBar = actionBarWriter(serv)
  const sleepers = new Map<SquidPlayer, Sleeper>()
  const watchBedBreaking = installBedPlacement(serv, bedNames)

  const report = (error: unknown): void => {
    serv.emit('error', error instanceof Error ? error : new Error(String(error)))
  }
  const guarded = (fn: () => void): void => {
    try {
      fn()
    } catch (error) {
      report(error)
    }
  }
  const toPlayerAndWatchers = (player: SquidPlayer, name: string, params: Record<string, unknown>): void => {
    player._client.write(name, params)
    player._writeOthersNearby(name, params)
  }
  const isNight = (): boolean => {
    const time = ((serv.time % DAY_LENGTH) + DAY_LENGTH) % DAY_LENGTH
    return time >= NIGHT_FROM && time <= NIGHT_TO
  }

  async function setOccupied(world: SquidWorld, positions: SquidVec3[], occupied: boolean): Promise<void> {
    for (const pos of positions) {
      const stateId = await world.getBlockStateId(pos)
      const block = Block.fromStateId(stateId, 0)
      if (!bedNames.has(block.name)) continue // broken or replaced meanwhile
      const next = Block.fromProperties(block.name, { ...block.getProperties(), occupied }, 0).stateId
      if (next !== stateId) await serv.setBlock(world, pos, next)
    }
  }

  async function useBed({ block, player }: BlockInteraction): Promise<void> {
    if (sleepers.has(player) || player.gameMode === 3) return
    const props = block.getProperties()
    const direction = BED_FACING[String(props.facing)]
    if (direction === undefined) return
    const [dx, dz] = direction
    const world = player.world
    const clickedHead = props.part === 'head'
    const head = clickedHead ? block.position : block.position.offset(dx, 0, dz)
    const foot = clickedHead ? block.position.offset(-dx, 0, -dz) : block.position
    const headBlock = clickedHead ? block : Block.fromStateId(await world.getBlockStateId(head), 0)
    if (!bedNames.has(headBlock.name)) return // half a bed: vanilla does nothing either
    // The map also covers two clicks racing within the same tick, before the block state says occupied.
    const taken = [...sleepers.values()].some((s) => s.world === world && s.head.equals(head))
    if (taken || headBlock.getProperties().occupied === true) return sendActionBar(player, 'occupied')
    if (!inReach(player.position, head) && !inReach(player.position, foot)) return sendActionBar(player, 'too_far_away')
    if (!isNight()) return sendActionBar(player, 'no_sleep')
    if (player.disconnected) return
    const sleeper: Sleeper = { world, head, foot, ticks: 0 }
    sleepers.set(player, sleeper)
    toPlayerAndWatchers(player, 'entity_metadata', { entityId: player.id, metadata: poseEntries(head) })
    await setOccupied(world, [head, foot], true)
    // Woken (left, daybreak) while the bed was being marked: that wake's freeing may have run first.
    if (sleepers.get(player) !== sleeper) await setOccupied(world, [head, foot], false)
  }

  function wake(player: SquidPlayer): void {
    const sleeper = sleepers.get(player)
    if (sleeper === undefined) return
    sleepers.delete(player)
    if (!player.disconnected) {
      toPlayerAndWatchers(player, 'entity_metadata', { entityId: player.id, metadata: poseEntries(undefined) })
      toPlayerAndWatchers(player, 'animation', { entityId: player.id, animation: ANIMATION_LEAVE_BED })
    }
    setOccupied(sleeper.world, [sleeper.head, sleeper.foot], false).catch(report)
  }
  const wakeEveryone = (): void => {
    for (const player of [...sleepers.keys()]) wake(player)
  }

  for (const name of bedNames) {
    serv.onBlockInteraction(name, async (interaction) => {
      await useBed(interaction).catch(report)
      return true // never place the held item against a bed
    })
  }

  serv.on('newPlayer', (player) => {
    watchBedBreaking(player)
    player._client.on('entity_action', (packet: { actionId?: unknown }) => {
      // A mapped name since 1.21.4 (mineflayer's bot.wake still writes 2, which the serializer maps).
      if (packet.actionId === 2 || packet.actionId === 'stop_sleeping') guarded(() => wake(player))
    })
    // The bed is freed, and the one who left no longer holds back the others' night skip.
    player.once('disconnected', () => guarded(() => wake(player)))
  })

  serv.on('tick', () => {
    if (sleepers.size === 0) return
    guarded(() => {
      // Vanilla wakes sleepers at daybreak, whoever changed the time.
      if (!isNight()) return wakeEveryone()
      for (const sleeper of sleepers.values()) sleeper.ticks++
      const present = serv.players.filter((p) => !p.disconnected && p.gameMode !== 3)
      if (present.every((p) => (sleepers.get(p)?.ticks ?? -1) >= options.sleepTicks)) {
        serv.setTime(0) // the next morning: serv.time is the time of day, there is no day counter
        wakeEveryone()
      }
    })
  })
}

/** Vanilla's bedInRange: within 3 blocks horizontally and 2 vertically of the bottom centre of a bed half. */
function inReach(position: SquidVec3, bed: SquidVec3): boolean {
  return (
    Math.abs(position.x - (bed.x + 0.5)) <= 3 &&
    Math.abs(position.y - bed.y) <= 2 &&
    Math.abs(position.z - (bed.z + 0.5)) <= 3
  )
}

/** The player metadata entries for lying in the bed whose head is at `head`, or standing (no `head`). */
function poseMetadata(registry: IndexedData): (head: SquidVec3 | undefined) => MetadataEntry[] {
  const keys = (registry.entitiesByName.player as { metadataKeys?: string[] } | undefined)?.metadataKeys
  // Entry types are names from 1.19.4 on (mcDataHasEntityMetadata); before, numbers (pose: 18, 19 once `long` came).
  const named = Boolean(registry.supportFeature('mcDataHasEntityMetadata'))
  const found = keys?.indexOf('pose') ?? -1
  const poseKey = found >= 0 ? found : 6 // 'pose' has been entry 6 of every entity since 1.14
  const poseType = named ? 'pose' : registry.supportFeature('entityMetadataHasLong') ? 19 : 18
  // Only sent where named: mineflayer reads either, and the pose alone is enough for it.
  const bedKey = named ? (keys?.indexOf('sleeping_pos') ?? -1) : -1
  return (head) => {
    const entries: MetadataEntry[] = [{ key: poseKey, type: poseType, value: head ? POSE_SLEEPING : POSE_STANDING }]
    if (bedKey >= 0) {
      const value = head ? { x: head.x, y: head.y, z: head.z } : undefined // undefined: the option is absent
      entries.push({ key: bedKey, type: 'optional_block_pos', value })
    }
    return entries
  }
}

/** Writes vanilla's `block.minecraft.bed.<refusal>` line to a player's action bar. */
function actionBarWriter(serv: MCServer): (player: SquidPlayer, refusal: Refusal) => void {
  const nbt = Boolean(serv.supportFeature('chatPacketsUseNbtComponents')) // 1.20.3+
  const systemChat = serv.registry.version['>=']('1.19')
  return (player, refusal) => {
    const translate = `block.minecraft.bed.${refusal}`
    if (!systemChat) {
      const message = JSON.stringify({ translate })
      player._client.write('chat', { message, position: 2, sender: '00000000-0000-0000-0000-000000000000' })
      return
    }
    const content = nbt
      ? { type: 'compound', name: '', value: { translate: { type: 'string', value: translate } } }
      : JSON.stringify({ translate })
    // 1.19.0 has `type` (2: game info) where 1.19.2+ has `isActionBar`; the serializer ignores the other field.
    player._client.write('system_chat', { content, isActionBar: true, type: 2 })
  }
}
