// Night is dangerous: zombies, which flying-squid has no AI for, after vanilla's rules as far as a player notices
// them. At night they spawn on the surface (the highest solid block, with free blocks above it) 24-32 blocks
// from a survival player, up to `perPlayer` near each; they walk toward the nearest survival player within 35
// blocks (stepping up single blocks), hit one they reach once a second (vanilla's zombie: 2 HP on easy, 3 on
// normal, 4 on hard, with knockback), and burn in the daylight (1 HP a second, on fire, until they die).
// A zombie walks, hits and burns by the wall clock's seconds, as the player it chases moves (a client's physics runs
// at 20 Hz whatever the server's rate): a raised tick rate makes the nights come sooner, not the zombies faster
// (at 100 ticks a second, zombies stepping by game ticks ran 11.5 blocks a second, reached a live bot within seconds
// of dusk and hit it five times a second). At vanilla's 20 ticks a second the two are the same.
import type { MCServer, SquidEntity, SquidPlayer, SquidVec3, SquidWorld } from 'flying-squid'
import { Vec3 } from 'vec3'
import { hurtThroughArmor } from './armor.js'
import { blockFactory } from './prismarine.js'

export interface HostileMobOptions {
  /** Zombies kept around each survival player at night. Default 3. */
  perPlayer?: number
}

const DAY_LENGTH = 24_000
// Monsters spawn from dusk (vanilla: sky light low enough from ~13,000) and burn from sunrise (~23,500).
const NIGHT_FROM = 13_000
const NIGHT_TO = 23_400
const SPAWN_EVERY_TICKS = 40
const SPAWN_MIN = 24
const SPAWN_MAX = 32 // within the follow range: with no wandering, a zombie beyond it would stand forever
const FOLLOW_RANGE = 35
/** Farther than this from every player, a zombie is removed (vanilla despawns beyond 128). */
const DESPAWN_RANGE = 128
/** Blocks a second: vanilla's zombie walks at movement speed 0.23. */
const WALK_SPEED = 2.3
/** Blocks a second falling (vanilla's 0.5 a tick at 20 ticks a second, near enough to its terminal speed). */
const FALL_SPEED = 10
/** The longest step one tick may take (s): a server stalled for a second does not teleport its zombies. */
const MAX_STEP_SECONDS = 0.25
const ATTACK_REACH = 1.6
const ATTACK_COOLDOWN_MS = 1000
const BURN_EVERY_MS = 1000
const DAMAGE_BY_DIFFICULTY = [0, 2, 3, 4]
const ON_FIRE_FLAG = 0x01

interface Zombie extends SquidEntity {
  health: number
  velocity: Vec3
  onGround?: boolean
  takeDamage(options: Record<string, unknown>): void
  size: Vec3 | undefined
  /** Set here: when (wall clock, ms) it last hit, and last burned; whether a step is under way. */
  lastHit?: number
  lastBurn?: number
  walking?: boolean
  /** Seconds of walking owed: ticks that came while a step was still under way. */
  owed?: number
}

interface Fighter extends SquidPlayer {
  health: number
  takeDamage(options: Record<string, unknown>): void
}

export function installHostileMobs(serv: MCServer, options: HostileMobOptions = {}): void {
  const perPlayer = options.perPlayer ?? 3
  if (!Number.isInteger(perPlayer) || perPlayer < 0) throw new Error('hostileMobs.perPlayer must be an integer >= 0')
  const zombieType = serv.registry.entitiesByName.zombie?.id
  if (zombieType === undefined) return
  const Block = blockFactory(serv)
  const squid = serv as unknown as {
    spawnMob(type: number, world: SquidWorld, position: SquidVec3): Zombie
    difficulty?: number
  }
  const damage = DAMAGE_BY_DIFFICULTY[squid.difficulty ?? 1] ?? 2
  const zombies = new Set<Zombie>()
  let spawning = false

  const timeOfDay = () => ((serv.time % DAY_LENGTH) + DAY_LENGTH) % DAY_LENGTH
  const isNight = () => timeOfDay() >= NIGHT_FROM && timeOfDay() < NIGHT_TO
  const targets = () => serv.players.filter((p) => !p.disconnected && p.gameMode === 0 && (p as Fighter).health > 0)
  const report = (error: unknown) => serv.emit('error', error instanceof Error ? error : new Error(String(error)))
  const nameAt = async (world: SquidWorld, x: number, y: number, z: number) =>
    Block.fromStateId(await world.getBlockStateId(new Vec3(x, y, z)), 0).name

  /** A surface spot near (x, z): the highest block under the open sky, if two free blocks stand on it. */
  async function surfaceAt(world: SquidWorld, x: number, z: number, aroundY: number): Promise<Vec3 | undefined> {
    const top = Math.min(319, aroundY + 24)
    for (let y = top; y > Math.max(-64, aroundY - 24); y--) {
      const name = await nameAt(world, x, y, z)
      if (name === 'air' || name === 'cave_air') continue
      if (y === top) return undefined // inside a hill: no sky found
      const registryBlock = serv.registry.blocksByName[name]
      if (registryBlock?.boundingBox !== 'block') return undefined // water, leaves' gaps, plants: no spawn
      if (name.endsWith('_leaves')) return undefined
      return new Vec3(x + 0.5, y + 1, z + 0.5)
    }
    return undefined
  }

  async function spawnAround(player: SquidPlayer): Promise<void> {
    const near = [...zombies].filter((z) => z.position.distanceTo(player.position) < SPAWN_MAX + 8).length
    if (near >= perPlayer) return
    const angle = Math.random() * 2 * Math.PI
    const distance = SPAWN_MIN + Math.random() * (SPAWN_MAX - SPAWN_MIN)
    const x = Math.floor(player.position.x + Math.cos(angle) * distance)
    const z = Math.floor(player.position.z + Math.sin(angle) * distance)
    const at = await surfaceAt(player.world, x, z, Math.floor(player.position.y))
    if (!at) return
    const zombie = squid.spawnMob(zombieType as number, player.world, at)
    // Without a size flying-squid's physics leaves it to walk() (its velocity stays, for knockback's sake).
    zombie.size = undefined
    zombies.add(zombie)
  }

  function chase(zombie: Zombie, seconds: number, now: number): void {
    let nearest: Fighter | undefined
    let best = FOLLOW_RANGE
    for (const player of targets()) {
      if (player.world !== zombie.world) continue
      const d = player.position.distanceTo(zombie.position)
      if (d < best) [nearest, best] = [player as Fighter, d]
    }
    if (!nearest) return
    const dx = nearest.position.x - zombie.position.x
    const dz = nearest.position.z - zombie.position.z
    const flat = Math.hypot(dx, dz)
    zombie.owed = Math.min((zombie.owed ?? 0) + seconds, MAX_STEP_SECONDS)
    if (flat > ATTACK_REACH * 0.8 && !zombie.walking) {
      zombie.walking = true
      zombie.yaw = Math.atan2(-dx, dz)
      const owed = zombie.owed
      zombie.owed = 0
      walk(zombie, dx / flat, dz / flat, owed)
        .catch(report)
        .finally(() => {
          zombie.walking = false
        })
    }
    const reach = flat <= ATTACK_REACH && Math.abs(nearest.position.y - zombie.position.y) < 2
    if (reach && now - (zombie.lastHit ?? Number.NEGATIVE_INFINITY) >= ATTACK_COOLDOWN_MS) {
      zombie.lastHit = now
      const push = new Vec3(dx / Math.max(flat, 0.1), 0.4, dz / Math.max(flat, 0.1)).scaled(4)
      hurtThroughArmor(serv, nearest, damage, { velocity: push, sound: 'entity.player.hurt', animation: true })
    }
  }

  const solidAt = async (world: SquidWorld, x: number, y: number, z: number) =>
    serv.registry.blocksByName[await nameAt(world, Math.floor(x), Math.floor(y), Math.floor(z))]?.boundingBox ===
    'block'

  /**
   * One tick of walking, `seconds` long: a step toward (ux, uz), up onto a single block in the way, falling where the
   * ground ends. Not flying-squid's own physics (which its friction stalls when ticks come late or fast).
   */
  async function walk(zombie: Zombie, ux: number, uz: number, seconds: number): Promise<void> {
    const { world, position } = zombie
    const step = WALK_SPEED * seconds
    let [x, y, z] = [position.x + ux * step, position.y, position.z + uz * step]
    const edge = [x + Math.sign(ux) * 0.3, z + Math.sign(uz) * 0.3] as const
    if (await solidAt(world, edge[0], y, edge[1])) {
      const room = !(await solidAt(world, edge[0], y + 1, edge[1])) && !(await solidAt(world, edge[0], y + 2, edge[1]))
      if (!room)
        [x, z] = [position.x, position.z] // a wall: wait
      else y = Math.floor(y) + 1 // one block up
    }
    if (!(await solidAt(world, x, y - 0.01, z))) {
      const fallen = y - Math.min(FALL_SPEED * seconds, 0.9)
      y = (await solidAt(world, x, fallen, z)) ? Math.floor(fallen) + 1 : fallen
    }
    const onGround = await solidAt(world, x, y - 0.01, z)
    await (zombie as unknown as { sendPosition(p: Vec3, onGround: boolean): Promise<unknown> }).sendPosition(
      new Vec3(x, y, z),
      onGround,
    )
  }

  function burn(zombie: Zombie, now: number): void {
    if (now - (zombie.lastBurn ?? Number.NEGATIVE_INFINITY) < BURN_EVERY_MS) return
    if (zombie.lastBurn === undefined) {
      zombie._writeOthersNearby('entity_metadata', {
        entityId: zombie.id,
        metadata: [{ key: 0, type: 'byte', value: ON_FIRE_FLAG }],
      })
    }
    zombie.lastBurn = now
    zombie.takeDamage({ damage: 1, sound: 'entity.zombie.hurt', velocity: new Vec3(0, 0, 0) })
  }

  // flying-squid passes each tick the wall-clock seconds since the one before (0 for the first).
  serv.on('tick', (sinceLast: number) => {
    try {
      const seconds = Math.min(Math.max(sinceLast, 0), MAX_STEP_SECONDS)
      const now = performance.now()
      const night = isNight()
      for (const zombie of [...zombies]) {
        // Dead, or taken away by flying-squid (which told the clients): its body is not this module's to remove.
        // Every mob's death takes its body off the clients after the death animation (animal-drops.ts).
        if (serv.entities[zombie.id] !== zombie || zombie.health <= 0) {
          zombies.delete(zombie)
          continue
        }
        if (serv.players.every((p) => p.position.distanceTo(zombie.position) > DESPAWN_RANGE)) {
          // Alive and far from everyone: despawned, which the clients are told here (once).
          zombies.delete(zombie)
          zombie._writeOthersNearby('entity_destroy', { entityIds: [zombie.id] })
          delete (serv.entities as Record<number, SquidEntity>)[zombie.id]
          continue
        }
        chase(zombie, seconds, now)
        if (!night) burn(zombie, now)
      }
      if (night && !spawning && serv.tickCount % SPAWN_EVERY_TICKS === 0) {
        spawning = true
        Promise.all(targets().map(spawnAround))
          .catch(report)
          .finally(() => {
            spawning = false
          })
      }
    } catch (error) {
      report(error)
    }
  })
}
