/**
 * Which world a bot's lessons belong to. Standing constraints, the critic's laws and the trajectories it reads are
 * the world's (the server's address and the world's seed or level name) unless the owner shares them: a rule taught
 * on one server does not apply in a fresh world elsewhere by surprise (issue 42). Skills stay shared: a recipe is
 * the same everywhere.
 *
 * On disk: a world's laws and trajectories under `<store>/worlds/<key>/`; shared ones (option `worlds: 'shared'`)
 * where they always were, `<store>/laws` and `<store>/trajectories`. A standing constraint's record names the worlds
 * it stands in (`worlds`), `*` for every world.
 */
import path from 'node:path'
import type { SkillRecord } from '../store/record.js'

/** The `worlds` entry of a constraint shared across worlds. */
export const EVERY_WORLD = '*'

export interface WorldScope {
  /** The world's id in records and directory names (`127.0.0.1_25565_seed_-12_34`), or `*` when shared. */
  readonly key: string
  /** The world in players' words: `127.0.0.1:25565, seed -12 34`. */
  readonly label: string
  /** Where its laws and trajectories are kept. */
  readonly dir: string
  /** Everything is shared across worlds (option `worlds: 'shared'`). */
  readonly shared: boolean
}

/** The scope of a world at `address` (host:port) named by `world` (its seed or level name). */
export function worldScope(storeDir: string, address: string, world: string, shared: boolean): WorldScope {
  const label = `${address}, ${world}`
  if (shared) return { key: EVERY_WORLD, label, dir: storeDir, shared }
  const key = `${address}_${world}`.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 120)
  return { key, label, dir: path.join(storeDir, 'worlds', key), shared }
}

/** Does a standing constraint's record stand in this world? Records from before worlds were kept apart name none. */
export function standsIn(record: Pick<SkillRecord, 'worlds'>, scope: WorldScope | undefined): boolean {
  if (!scope || scope.shared) return true
  const worlds = record.worlds ?? []
  return worlds.includes(EVERY_WORLD) || worlds.includes(scope.key)
}

/** Where a standing constraint stands, in words. */
export function whereItStands(record: Pick<SkillRecord, 'worlds'>, scope: WorldScope | undefined): string {
  const worlds = record.worlds ?? []
  if (worlds.includes(EVERY_WORLD)) return 'every world (shared)'
  if (scope && worlds.includes(scope.key)) return 'this world'
  return worlds.length === 0 ? 'no world (kept from before worlds were apart)' : `${worlds.length} other world(s)`
}
