import os from 'node:os'
import path from 'node:path'

type Env = Readonly<Record<string, string | undefined>>

/**
 * Where a user's learned skills, constraints and laws live when no store is configured: the platform's per-user
 * data directory, never the working directory, so a bot started from a checkout or a project never writes into
 * files that are versioned (the shipped seed skills) or shipped.
 */
export function userStoreDir(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  return path.join(userDataDir(env, platform, home), 'mineflayer-cedar', 'store')
}

function userDataDir(env: Env, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return env.LOCALAPPDATA || env.APPDATA || path.join(home, 'AppData', 'Local')
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support')
  // The XDG base directory spec: an XDG_DATA_HOME that is not absolute is to be ignored.
  const xdg = env.XDG_DATA_HOME
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME || home, '.local', 'share')
}

/**
 * Where LLM replies and embeddings are cached when no cache is configured: the platform's per-user cache directory
 * (XDG_CACHE_HOME, ~/Library/Caches, %LOCALAPPDATA%), beside the store rather than in the working directory.
 */
export function userLlmCacheDir(
  env: Env = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  return path.join(userCacheDir(env, platform, home), 'mineflayer-cedar', 'llm')
}

function userCacheDir(env: Env, platform: NodeJS.Platform, home: string): string {
  if (platform === 'win32') return path.join(env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'), 'Cache')
  if (platform === 'darwin') return path.join(home, 'Library', 'Caches')
  const xdg = env.XDG_CACHE_HOME
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME || home, '.cache')
}

/**
 * The store a bot or `cedar skills` uses: the given path, else CEDAR_STORE, else the user's data directory. A
 * `postgres://` URL (a fleet's shared store) is kept as it is.
 */
export function resolveStorePath(given: string | undefined, env: Env = process.env): string {
  const location = given ?? (env.CEDAR_STORE || userStoreDir(env))
  return isPostgresUrl(location) ? location : path.resolve(location)
}

/** Whether a store location names a PostgreSQL database rather than a directory. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location)
}

/** A store's location for people: a database URL's password, if any, is never printed. */
export function storeForPeople(location: string): string {
  if (!isPostgresUrl(location)) return location
  try {
    const parsed = new URL(location)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://(an unparsable URL)'
  }
}

/**
 * Where a bot on a PostgreSQL store keeps what stays on its machine (the critic's laws and trajectories, backups):
 * a directory of its own per database in the user's data directory, apart from the JSON store.
 */
export function localDirFor(url: string, env: Env = process.env): string {
  let key = 'database'
  try {
    const parsed = new URL(url)
    key = `${parsed.hostname}_${parsed.port || '5432'}${parsed.pathname}`
  } catch {
    // an unparsable URL is refused by the client, with its own message
  }
  return path.join(path.dirname(userStoreDir(env)), 'postgres', key.replace(/[^A-Za-z0-9.-]+/g, '_').slice(0, 120))
}
