// Fixes for flying-squid 1.12.0 bugs that break mineflayer clients on modern Minecraft versions.
// Each patch is a small function that decides for itself whether the server's version needs it, installs itself,
// and returns whether it did. They hook the server's 'newPlayer' event, which flying-squid emits after the
// player's plugins ran and before login() sends anything, so every patch is in place before the first packet.
import type { MCServer, SquidEntity, SquidPlayer } from 'flying-squid'
import { patchChatColours } from './chat-colours.js'

export type PatchName =
  | 'playerEntityType'
  | 'entityTeleportFields'
  | 'droppedItemMetadata'
  | 'playerList'
  | 'playerLeave'
  | 'soundEffectFields'
  | 'missingBlockLoot'
  | 'dayCycleAfterSetTime'
  | 'chatColours'

export interface AppliedPatches {
  readonly names: readonly PatchName[]
  /** Stops the per-player timers flying-squid would leave running (call when the server closes). */
  dispose(): void
}

/** Applies every patch the server's version needs. */
export function applyServerPatches(serv: MCServer): AppliedPatches {
  const names: PatchName[] = []
  if (patchPlayerEntityType(serv)) names.push('playerEntityType')
  if (patchEntityTeleportFields(serv)) names.push('entityTeleportFields')
  if (patchDroppedItemMetadata(serv)) names.push('droppedItemMetadata')
  const timers = new Set<ReturnType<typeof setInterval>>()
  if (patchPlayerList(serv, timers)) names.push('playerList')
  if (patchPlayerLeave(serv)) names.push('playerLeave')
  if (patchSoundEffectFields(serv)) names.push('soundEffectFields')
  if (patchMissingBlockLoot(serv)) names.push('missingBlockLoot')
  if (patchDayCycleAfterSetTime(serv)) names.push('dayCycleAfterSetTime')
  if (patchChatColours(serv)) names.push('chatColours')
  return {
    names,
    dispose() {
      for (const timer of timers) clearInterval(timer)
      timers.clear()
    },
  }
}

/**
 * (1) 1.20.2+: players are spawned for other clients with the generic `spawn_entity` packet, whose `type` comes
 * from `entity.entityType` — which flying-squid leaves null for players, so it is written as 0 and other clients
 * see a boat (mineflayer: `entity.type !== 'player'`, no username). Give players the registry's `player` id.
 */
export function patchPlayerEntityType(serv: MCServer): boolean {
  if (!serv.supportFeature('unifiedPlayerAndEntitySpawnPacket')) return false
  const playerTypeId = serv.registry.entitiesByName.player?.id
  if (playerTypeId === undefined) return false
  serv.on('newPlayer', (player) => {
    player.entityType = playerTypeId
  })
  return true
}

/**
 * (2) 1.21.2+: `entity_teleport` gained `dx, dy, dz` (velocity) and `flags` (relative-position bits). flying-squid
 * still writes the old fields only, the serializer throws on the missing ones and the *receiving* client is
 * disconnected — this happens whenever another entity moves more than 7 blocks at once (a /tp, a fast fall).
 * Fill the missing fields with "no velocity, absolute position" on every player's connection.
 */
export function patchEntityTeleportFields(serv: MCServer): boolean {
  if (!serv.registry.version['>=']('1.21.2')) return false
  serv.on('newPlayer', (player) => {
    const client = player._client
    const write = client.write.bind(client)
    client.write = (name, params) => {
      if (name !== 'entity_teleport') return write(name, params)
      write(name, { ...params, dx: params.dx ?? 0, dy: params.dy ?? 0, dz: params.dz ?? 0, flags: params.flags ?? {} })
    }
  })
  return true
}

/**
 * (3) 1.19.4+: entity metadata entries are typed by name ('item_stack') since 1.19.4, but flying-squid writes
 * numeric types, so a dropped item's metadata fails to serialize (1.19.4 .. 1.20.1), and from 1.20.2 on
 * `entity.sendMetadata` is a no-op anyway ("todo: fix in mcdata"). Either way the item entity's spawn packet is never
 * followed by its item stack. mineflayer only emits `itemDrop` on an `entity_metadata` packet carrying an
 * `item_stack` entry, so collectblock never sees the drop and `entity.getDroppedItem()` is null.
 * After the item entity's spawn packet, send that entry in the version's slot format.
 */
export function patchDroppedItemMetadata(serv: MCServer): boolean {
  if (!serv.supportFeature('mcDataHasEntityMetadata')) return false
  const itemEntity = serv.registry.entitiesByName.item as { metadataKeys?: string[] } | undefined
  const keyIndex = itemEntity?.metadataKeys?.indexOf('item') ?? -1
  const key = keyIndex >= 0 ? keyIndex : 8 // 'item' is entry 8 of the item entity on 1.19.4 .. 1.21.4
  const withComponents = Boolean(serv.supportFeature('itemsWithComponents')) // 1.20.5+ slot layout
  const slot = (itemId: number, itemCount: number): Record<string, unknown> =>
    withComponents
      ? { itemCount, itemId, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
      : { present: true, itemId, itemCount }
  serv.on('newPlayer', (player) => {
    const spawnEntity = player.spawnEntity.bind(player)
    player.spawnEntity = (entity: SquidEntity) => {
      spawnEntity(entity)
      if (entity.itemId === undefined) return
      player._client.write('entity_metadata', {
        entityId: entity.id,
        metadata: [{ key, type: 'item_stack', value: slot(entity.itemId, entity.itemCount ?? 1) }],
      })
    }
  })
  return true
}

/**
 * (4) All versions: `_sendPlayerList(toPlayer)` writes the whole list with `toPlayer._writeOthers`, i.e. to everyone
 * *except* the player who just joined. Earlier players learn of the newcomer, but the newcomer never learns of
 * them, and mineflayer ignores player spawns whose uuid is not in its list: a late joiner sees no other players.
 * login.js redefines `serv._sendPlayerList` for every joining player, so the fix is re-installed on every join.
 *
 * Right after `_sendPlayerList`, login.js (fillTabList) starts a 5 s latency-broadcast interval per player that is
 * never cleared — not on disconnect, not on quit — so it leaks and keeps the process alive. The fix catches that
 * one setInterval call (see captureNextTabListTimer), unrefs it, clears it when the player disconnects and puts it
 * in `timers` for the server's close.
 */
export function patchPlayerList(serv: MCServer, timers: Set<ReturnType<typeof setInterval>>): boolean {
  const bitfield = Boolean(serv.supportFeature('playerInfoActionIsBitfield')) // 1.19.3+
  const entry = (p: SquidPlayer): Record<string, unknown> =>
    bitfield
      ? {
          uuid: p.uuid,
          player: { name: p.username, properties: p.profileProperties },
          gamemode: p.gameMode,
          latency: p._client.latency,
        }
      : {
          uuid: p.uuid,
          name: p.username,
          properties: p.profileProperties,
          gamemode: p.gameMode,
          ping: p._client.latency,
        }
  const action = bitfield ? { add_player: true } : 'add_player'
  const sendPlayerList = (toPlayer: SquidPlayer): void => {
    // The newcomer gets everyone (itself included, as vanilla does); everyone else gets the newcomer.
    toPlayer._client.write('player_info', { action, data: serv.players.map(entry) })
    for (const other of toPlayer.getOtherPlayers()) {
      other._client.write('player_info', { action, data: [entry(toPlayer)] })
    }
    captureNextTabListTimer((timer) => {
      timer.unref()
      if (toPlayer.disconnected) return clearInterval(timer)
      timers.add(timer)
      toPlayer.once('disconnected', () => {
        clearInterval(timer)
        timers.delete(timer)
      })
    })
  }
  serv.on('newPlayer', () => {
    serv._sendPlayerList = sendPlayerList
  })
  return true
}

/**
 * (5) 1.19.3+: a leaving player is announced with `player_info` action `remove_player`, which no longer exists
 * (it became the separate `player_remove` packet), so other clients keep the player in their list and mineflayer
 * never emits `playerLeft`. Send `player_remove`. Like (4), login.js redefines the function on every join.
 */
export function patchPlayerLeave(serv: MCServer): boolean {
  if (!serv.supportFeature('playerInfoActionIsBitfield')) return false
  const sendPlayerLeave = (player: SquidPlayer): void => {
    for (const other of player.getOtherPlayers()) other._client.write('player_remove', { players: [player.uuid] })
  }
  serv.on('newPlayer', () => {
    serv._sendPlayerEventLeave = sendPlayerLeave
  })
  return true
}

/**
 * Hands `onTimer` the interval created by the next `setInterval` call of the current synchronous job if that
 * interval broadcasts player_info (login.js calls it two statements after `_sendPlayerList`). The global is
 * restored on that call or, at the latest, when the job ends; any other interval passes through untouched.
 */
function captureNextTabListTimer(onTimer: (timer: ReturnType<typeof setInterval>) => void): void {
  const original = globalThis.setInterval
  let armed = true
  const restore = (): void => {
    if (!armed) return
    armed = false
    globalThis.setInterval = original
  }
  const capturing = (handler: unknown, ...rest: unknown[]): ReturnType<typeof setInterval> => {
    restore()
    const timer = (original as (...args: unknown[]) => ReturnType<typeof setInterval>)(handler, ...rest)
    if (typeof handler === 'function' && String(handler).includes('player_info')) onTimer(timer)
    return timer
  }
  globalThis.setInterval = capturing as typeof setInterval
  queueMicrotask(restore)
}

/** flying-squid's 1.8 sound names (dig.<material> is what it plays when a block is placed) and today's events. */
const LEGACY_SOUNDS: Readonly<Record<string, string>> = {
  'dig.stone': 'block.stone.place',
  'dig.wood': 'block.wood.place',
  'dig.gravel': 'block.gravel.place',
  'dig.grass': 'block.grass.place',
  'dig.sand': 'block.sand.place',
  'dig.snow': 'block.snow.place',
  'dig.cloth': 'block.wool.place',
  'dig.glass': 'block.glass.place',
  'game.player.hurt': 'entity.player.hurt',
  'random.chestopen': 'block.chest.open',
}

/**
 * (6) 1.19.3+: flying-squid writes `sound_effect` with the field values of 1.8's named sound packet: a sound name
 * from 1.8 (`dig.stone` for a placed block, which no modern client knows) and the pitch as an integer times 63
 * (1.10+ sends a float, so 0.8 arrives as 50). mineflayer 4.25 logged "Chunk size is 42 but only 37 was read;
 * partial packet: sound_effect" on every place; with the lockfile's minecraft-protocol 1.68 the inline-name form
 * still arrived mangled now and then (a 0xff holder byte, the tail missing). Send the modern event of the same
 * meaning by its registry id, as vanilla sends its built-in sounds (no string in the packet), and the pitch as a
 * float; a sound this version does not have is not sent (a client would play nothing).
 */
export function patchSoundEffectFields(serv: MCServer): boolean {
  if (!serv.supportFeature('removedNamedSoundEffectPacket')) return false
  const known = (serv.registry as { soundsByName?: Record<string, { id: number }> }).soundsByName
  serv.on('newPlayer', (player) => {
    const client = player._client
    const write = client.write.bind(client)
    client.write = (name, params) => {
      if (name !== 'sound_effect') return write(name, params)
      const sound = params.sound as { data?: { soundName?: string }; soundId?: number } | undefined
      const legacy = sound?.data?.soundName
      if (legacy === undefined) return write(name, params)
      const modern = LEGACY_SOUNDS[legacy] ?? legacy.replace(/^minecraft:/, '').replace(/^note\./, 'block.note_block.')
      // A name this version does not have would be silent anyway: send none rather than a sound nobody hears.
      const entry = known?.[modern]
      if (known !== undefined && entry === undefined) return
      const pitch = typeof params.pitch === 'number' ? params.pitch / 63 : 1
      write(name, {
        ...params,
        sound: entry ? { soundId: entry.id } : { data: { soundName: `minecraft:${modern}`, fixedRange: undefined } },
        pitch: Math.min(2, Math.max(0.5, pitch)),
        seed: params.seed ?? 0,
      })
    }
  })
  return true
}

/**
/**
 * (7) Versions with loot tables: flying-squid's digging reads `registry.blockLoot[name].drops` with no check, and
 * minecraft-data 1.21.4 has no entry for 171 blocks (short grass, tuff and its slabs, cave air, wall torches, the
 * copper doors…): a player digging one threw in the server's packet handler and took the whole server down (the
 * live bench's staircase dug through short grass). A missing block that takes time to break and is an item drops
 * itself (tuff, as vanilla's own table says); one that breaks at once (grass, flowers) or is no item drops nothing.
 * The server's own registry gets a new table, never minecraft-data's shared object (a bot in the same process reads
 * that one).
 */
export function patchMissingBlockLoot(serv: MCServer): boolean {
  const registry = serv.registry as unknown as {
    blockLoot?: Record<string, { block: string; drops: { item: string }[] } | undefined>
    blocksArray: { name: string; hardness: number | null }[]
    itemsByName: Record<string, unknown>
  }
  const loot = registry.blockLoot
  if (loot === undefined) return false
  const missing = registry.blocksArray.filter((block) => loot[block.name] === undefined)
  if (missing.length === 0) return false
  const drops = ({ name, hardness }: { name: string; hardness: number | null }) =>
    (hardness ?? 0) > 0 && registry.itemsByName[name] !== undefined ? [{ item: name }] : []
  registry.blockLoot = {
    ...loot,
    ...Object.fromEntries(missing.map((b) => [b.name, { block: b.name, drops: drops(b) }])),
  }
  return true
}

/**
 * (8) Every version: the day cycle's step (every 20 ticks, serv.time + 20) goes through flying-squid's async
 * `behavior`, so it is written a few microtasks after the tick, from the time read at the tick: a `setTime` made by
 * another tick listener meanwhile (the beds' night skip to the morning, a test's `/time set`) was undone, the clock
 * put back to the night it left. Clients saw time run backwards; the live bench counted a whole extra day from it
 * (its clock adds each change modulo a day) and a bot that had slept found itself in the night again. The step now
 * goes on from the time set.
 */
export function patchDayCycleAfterSetTime(serv: MCServer): boolean {
  const squid = serv as unknown as MCServer & { time: number }
  serv.on(
    'changeTime' as never,
    ((change: { old: number; newTime: number }) => {
      if (squid.time !== change.old) change.newTime = squid.time + (change.newTime - change.old)
    }) as never,
  )
  return true
}
