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

/** The store a bot or `cedar skills` uses: the given path, else CEDAR_STORE, else the user's data directory. */
export function resolveStorePath(given: string | undefined, env: Env = process.env): string {
  return path.resolve(given ?? (env.CEDAR_STORE || userStoreDir(env)))
}
