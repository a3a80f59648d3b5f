// An in-process Minecraft server (flying-squid) for tests and local development: offline mode, world in memory,
// reproducible spawn, silent by default, patched so that mineflayer clients on 1.20.2+ behave (see patches.ts).
import type { AddressInfo } from 'node:net'
import type { MCServer, MCServerOptions, SquidPlayer } from 'flying-squid'
import type { IndexedData } from 'minecraft-data'
import { SURVIVAL_MECHANICS_PLUGIN, type SurvivalMechanicsOptions, survivalMechanics } from './mechanics/index.js'
import { blockFactory } from './mechanics/prismarine.js'
import { type AppliedPatches, applyServerPatches, type PatchName } from './patches.js'
import { createIsolatedServer, type LoadedSquid, loadFlyingSquid, type Vec3Constructor } from './squid-loader.js'
import { registerWhisperCommands } from './whisper.js'
import { animalSpawns } from './world/animals.js'
import { chunkClassFor, SURVIVAL_GENERATION_NAME } from './world/squid-generation.js'
import { type GenerationRegistry, SurvivalWorldGenerator } from './world/survival-generation.js'

export type FlyingSquidServer = MCServer

/**
 * World generators that work near spawn: 'survival' is this project's seeded survival world (plugin/server/world);
 * the others are flying-squid's ('empty' is left out: it hangs at 100% CPU).
 */
export type WorldGeneration = 'survival' | 'superflat' | 'diamond_square' | 'grass_field' | 'all_the_blocks'
export type GameMode = 'survival' | 'creative' | 'adventure' | 'spectator'

/** Block state properties by name, as minecraft-data lists them (`facing`, `part`, `lit` ...). */
export type BlockProperties = Readonly<Record<string, string | number | boolean>>

export interface BlockPosition {
  x: number
  y: number
  z: number
}

export interface EmbeddedServerOptions {
  /** Interface to listen on. Default 127.0.0.1. */
  host?: string
  /** Default 0: a free port, reported as `port`. */
  port?: number
  /** Minecraft version. Default '1.21.4' (the newest both flying-squid 1.12 and mineflayer 4.25 support). */
  version?: string
  /** Fixed spawn point for every player. Default: flying-squid's random point (x, z in 0..30). */
  spawn?: BlockPosition
  /** Chunks sent around a player; >= 3 (mineflayer's waitForChunksToLoad hangs with 2). Default 3. */
  viewDistance?: number
  motd?: string
  /** Print flying-squid's log lines (to stderr). Default false: silent. */
  log?: boolean
  /**
   * Default 'superflat': bedrock y=0, dirt y=1..3, grass y=4; players stand at y=5. 'survival': the seeded survival
   * world (terrain, biomes, trees, ores, caves); players spawn on grass near x=0, z=0 unless `spawn` is given.
   */
  generation?: WorldGeneration
  /** World seed (an integer 0..2^31-1) for 'survival', 'diamond_square', 'grass_field'. Default: a random one. */
  seed?: number
  /** Default 'survival' (digging drops items; creative digging drops nothing). */
  gameMode?: GameMode
  /** Let every player use op commands (/tp, /give, /time ...). Default true. */
  everybodyOp?: boolean
  /** Reject if the server is not listening with its world ready by then. Default 15000. */
  startTimeoutMs?: number
  /**
   * Crafting, furnaces and beds (plugin/server/mechanics), which flying-squid lacks. Default on; false leaves the
   * server as flying-squid ships it.
   */
  mechanics?: SurvivalMechanicsOptions | false
  /** Herds of sheep, cows, pigs and chickens around spawn in the survival world, by the seed. Default true. */
  animals?: boolean
}

export interface EmbeddedServer {
  readonly host: string
  /** The port actually bound (useful with port 0). */
  readonly port: number
  readonly version: string
  readonly generation: WorldGeneration
  /** The world's seed (chosen at random when none was given). */
  readonly seed: number
  /** Where players appear; undefined: flying-squid's random point near the origin. */
  readonly spawn: BlockPosition | undefined
  readonly serv: FlyingSquidServer
  /** minecraft-data (via prismarine-registry) for the server's version. */
  readonly registry: IndexedData
  /** The server patches this version needed and got. */
  readonly appliedPatches: readonly PatchName[]
  /**
   * Sets a block in the overworld; connected players see it at once. Without properties it is the block's default
   * state; properties pick another (`{ part: 'head', facing: 'south' }` for one half of a bed).
   */
  setBlock(pos: BlockPosition, blockName: string, properties?: BlockProperties): Promise<void>
  /** Sets every block of the box spanned by two corners (inclusive). */
  fill(from: BlockPosition, to: BlockPosition, blockName: string): Promise<void>
  /** Sets the time of day in ticks (0 sunrise, 6000 noon, 13000 night, 18000 midnight). */
  setTime(ticks: number): void
  /** Kicks everyone, stops the tick timer, frees the port. Idempotent. */
  close(): Promise<void>
}

const GAME_MODES: Record<GameMode, number> = { survival: 0, creative: 1, adventure: 2, spectator: 3 }
const MAX_FILL_BLOCKS = 65_536
const QUIT_TIMEOUT_MS = 3_000

export async function startEmbeddedServer(options: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  const host = options.host ?? '127.0.0.1'
  const version = options.version ?? '1.21.4'
  const viewDistance = options.viewDistance ?? 3
  if (!Number.isInteger(viewDistance) || viewDistance < 3) {
    throw new Error(`viewDistance must be an integer >= 3 (got ${viewDistance}); mineflayer waits forever with less`)
  }
  const squid = await loadFlyingSquid()
  // Without this, every join installs an uncaughtException handler that calls process.exit() (errorHandler.js).
  ;(globalThis as { isMocha?: boolean }).isMocha = true

  const generation = options.generation ?? 'superflat'
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31)
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31) {
    throw new Error(`seed must be an integer from 0 to ${2 ** 31 - 1} (got ${seed})`)
  }
  const settings: MCServerOptions = {
    version,
    host,
    port: options.port ?? 0,
    motd: options.motd ?? 'mineflayer-cedar test server',
    'online-mode': false,
    'max-players': 64,
    'view-distance': viewDistance,
    'everybody-op': options.everybodyOp ?? true,
    'max-entities': 1000,
    'player-list-text': { header: { text: 'mineflayer-cedar' }, footer: { text: 'embedded flying-squid' } },
    gameMode: GAME_MODES[options.gameMode ?? 'survival'],
    difficulty: 1,
    // flying-squid replaces a seed of 0 by a random one; the survival world reads cedarSeed, which it leaves alone.
    generation: {
      name: generation === 'survival' ? SURVIVAL_GENERATION_NAME : generation,
      options: { seed, cedarSeed: seed },
    },
    // worldFolder stays unset: the world is kept in memory and player data is never saved (nothing on disk).
    logging: false, // true would write ./logs/<time>.log
    noConsoleOutput: true, // its console output goes to stdout; serv.log is replaced below (stderr, if asked)
    hideErrors: !options.log, // minecraft-protocol prints "Disconnecting client because error" otherwise
    kickTimeout: 10_000,
    plugins: {},
    modpe: false,
  }
  const serv = createIsolatedServer(squid, settings)
  serv.log = options.log ? (message: string) => console.error(`[flying-squid] ${message}`) : () => {}

  const patches = applyServerPatches(serv)
  registerWhisperCommands(serv)
  if (options.mechanics !== false) serv.addPlugin(SURVIVAL_MECHANICS_PLUGIN, survivalMechanics(options.mechanics))
  const spawn =
    options.spawn ?? (generation === 'survival' ? survivalSpawn(squid.entry, seed, serv.registry) : undefined)
  if (spawn) serv.getSpawnPoint = async () => new squid.Vec3(spawn.x, spawn.y, spawn.z)
  const players = new Set<SquidPlayer>()
  serv.on('newPlayer', (player) => players.add(player))
  const closed = new Promise<void>((resolve) => serv._server.once('close', () => resolve()))

  await waitUntilReady(serv, host, settings.port ?? 0, options.startTimeoutMs ?? 15_000)
  if (generation === 'survival' && spawn && options.animals !== false) {
    spawnAnimals(
      serv,
      squid,
      new SurvivalWorldGenerator(
        seed,
        serv.registry as unknown as GenerationRegistry,
        chunkClassFor(squid.entry, serv.registry as unknown as GenerationRegistry),
      ),
      spawn,
    )
  }
  const port = (serv._server.socketServer.address() as AddressInfo).port
  const world = { generation, seed, spawn }
  return makeHandle({ serv, host, port, version, world, patches, players, closed, Vec3: squid.Vec3 })
}

/** Herds of farm animals around spawn, by the seed (flying-squid's spawnMob; loot from the mechanics plugin). */
function spawnAnimals(
  serv: MCServer,
  squid: LoadedSquid,
  generator: SurvivalWorldGenerator,
  spawn: BlockPosition,
): void {
  const spawnMob = (serv as unknown as { spawnMob?: (type: number, world: unknown, position: unknown) => unknown })
    .spawnMob
  if (spawnMob === undefined) return
  for (const animal of animalSpawns(generator, spawn)) {
    const type = serv.registry.entitiesByName[animal.kind]?.id
    if (type !== undefined) spawnMob(type, serv.overworld, new squid.Vec3(animal.x, animal.y, animal.z))
  }
}

function survivalSpawn(flyingSquidEntry: string, seed: number, registry: IndexedData): BlockPosition {
  const generationRegistry = registry as unknown as GenerationRegistry
  const Chunk = chunkClassFor(flyingSquidEntry, generationRegistry)
  return new SurvivalWorldGenerator(seed, generationRegistry, Chunk).findSpawn()
}

function waitUntilReady(serv: MCServer, host: string, port: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`The embedded Minecraft server did not start within ${timeoutMs} ms`)),
      timeoutMs,
    )
    const onError = (cause: Error) =>
      fail(new Error(`The embedded Minecraft server could not listen on ${host}:${port}: ${cause.message}`, { cause }))
    const onReady = () => {
      cleanup()
      resolve()
    }
    function cleanup(): void {
      clearTimeout(timer)
      serv._server.off('error', onError)
      serv.off('ready', onReady)
    }
    function fail(error: Error): void {
      cleanup()
      abandon(serv)
      reject(error)
    }
    serv._server.once('error', onError)
    if (serv.isReady) onReady()
    else serv.once('ready', onReady)
  })
}

/** Tears down a server that failed to start, leaving no timer behind. */
function abandon(serv: MCServer): void {
  serv.stopTickInterval()
  // flying-squid awaits 'listening' with a 5 s timeout whose rejection nobody handles (index.js, via utils.js
  // onceWithTimeout): when the listen failed, satisfy that one wait (its listener is named onEvent) instead of
  // letting it crash the process with an unhandled rejection. Its other 'listening' listener would throw here.
  if (!serv._server.socketServer.listening) {
    for (const listener of serv._server.listeners('listening')) {
      if (listener.name === 'onEvent') (listener as () => void)()
    }
  }
  serv._server.close()
}

interface HandleParts {
  serv: MCServer
  host: string
  port: number
  version: string
  world: { generation: WorldGeneration; seed: number; spawn: BlockPosition | undefined }
  patches: AppliedPatches
  players: Set<SquidPlayer>
  /** Settles when the listening socket has closed. */
  closed: Promise<void>
  Vec3: Vec3Constructor
}

function makeHandle(parts: HandleParts): EmbeddedServer {
  const { serv, host, port, version, world, patches, Vec3 } = parts
  const { registry } = serv
  const Block = blockFactory(serv)
  const stateIdOf = (blockName: string, properties?: BlockProperties): number => {
    const name = blockName.replace(/^minecraft:/, '')
    const block = registry.blocksByName[name]
    if (block === undefined) {
      const squash = (n: string) => n.replaceAll('_', '').toLowerCase()
      const wanted = squash(name)
      const similar = registry.blocksArray
        .map((b) => b.name)
        .filter((n) => wanted.length >= 3 && squash(n).includes(wanted))
        .slice(0, 5)
      const hint = similar.length > 0 ? ` Similar names: ${similar.join(', ')}.` : ''
      throw new Error(`Unknown block name "${blockName}" for Minecraft ${version}.${hint}`)
    }
    if (properties === undefined) return block.defaultState
    const known = new Map((block.states ?? []).map((state) => [state.name, state]))
    for (const [key, value] of Object.entries(properties)) {
      const state = known.get(key)
      if (state === undefined) {
        const names = [...known.keys()]
        throw new Error(`${name} has no property "${key}" (it has: ${names.length > 0 ? names.join(', ') : 'none'})`)
      }
      if (state.values !== undefined && !state.values.includes(String(value))) {
        throw new Error(`${name}.${key} cannot be "${value}" (one of: ${state.values.join(', ')})`)
      }
    }
    // Unnamed properties keep their default-state values (fromProperties alone would take each one's first value).
    const defaults = Block.fromStateId(block.defaultState, 0).getProperties()
    return Block.fromProperties(name, { ...defaults, ...properties }, 0).stateId
  }
  const put = (pos: BlockPosition, stateId: number) =>
    serv.setBlock(serv.overworld, new Vec3(Math.floor(pos.x), Math.floor(pos.y), Math.floor(pos.z)), stateId)

  let closing: Promise<void> | undefined
  return {
    host,
    port,
    version,
    ...world,
    serv,
    registry,
    appliedPatches: patches.names,
    async setBlock(pos, blockName, properties) {
      await put(pos, stateIdOf(blockName, properties))
    },
    async fill(from, to, blockName) {
      const stateId = stateIdOf(blockName)
      const [x0, x1] = span(from.x, to.x)
      const [y0, y1] = span(from.y, to.y)
      const [z0, z1] = span(from.z, to.z)
      const count = (x1 - x0 + 1) * (y1 - y0 + 1) * (z1 - z0 + 1)
      if (count > MAX_FILL_BLOCKS) throw new Error(`fill of ${count} blocks refused (at most ${MAX_FILL_BLOCKS})`)
      for (let x = x0; x <= x1; x++) {
        for (let y = y0; y <= y1; y++) {
          for (let z = z0; z <= z1; z++) await put({ x, y, z }, stateId)
        }
      }
    },
    setTime(ticks) {
      serv.setTime(ticks)
    },
    close() {
      closing ??= shutdown(parts)
      return closing
    },
  }
}

function span(a: number, b: number): [number, number] {
  const [lo, hi] = [Math.floor(Math.min(a, b)), Math.floor(Math.max(a, b))]
  return [lo, hi]
}

async function shutdown({ serv, players, closed, patches }: HandleParts): Promise<void> {
  serv.stopTickInterval()
  // quit() kicks every player, waits for each to disconnect, then closes the listener (waiting <= 1 s for that).
  await withTimeout(serv.quit('Server closed'), QUIT_TIMEOUT_MS)
  serv.stopTickInterval()
  patches.dispose()
  // destroy() makes a remaining player's write throw, and flying-squid may still have timers or pending work for
  // players: turn every write into a no-op so nothing left over can throw.
  for (const player of players) player._client.write = () => {}
  // Anything still connected (a client mid-login, a peer that ignored the kick) is cut so the port is freed.
  for (const client of Object.values(serv._server.clients)) client.socket?.destroy()
  if (serv._server.socketServer.listening) serv._server.socketServer.close()
  await withTimeout(closed, QUIT_TIMEOUT_MS)
}

/** Waits for `promise`, but at most `ms`; never rejects. */
async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms)
  })
  await Promise.race([promise.catch(() => {}), timeout])
  clearTimeout(timer)
}
