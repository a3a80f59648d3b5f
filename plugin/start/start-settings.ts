import { z } from 'zod'
import { type CedarOptions, describeIssues, parseOwners } from '../config/options.js'

/** Everything `npm start` / `cedar start` needs to know, from flags first and the environment second. */
export interface StartSettings {
  /** undefined: start an embedded server on localhost and join it. */
  readonly host: string | undefined
  readonly port: number
  /** undefined on a remote server: mineflayer asks the server. */
  readonly version: string | undefined
  readonly username: string
  readonly owners: readonly string[] | '*' | undefined
  /** The embedded server's world: the seeded survival world, or superflat. */
  readonly world: StartWorld
  /** undefined: a random seed (the embedded server prints the one it picked). */
  readonly seed: number | undefined
  /** The web console: where it listens (port 0 picks a free one), or undefined with --no-console. */
  readonly console: { readonly port: number; readonly host: string } | undefined
  /** mineflayer's `auth`: offline (a cracked or local server) or microsoft (a premium account; asks to log in once). */
  readonly auth: 'offline' | 'microsoft'
  /** After a kick or a lost connection, join again (waiting longer after each failed try) instead of exiting. */
  readonly reconnect: boolean
  /** The plugin's options from a profile file (empty without one). */
  readonly cedar: CedarOptions
  /**
   * How many bots join, in one process on one store (a fleet): `username`, then `username2`, `username3`, ... Each
   * has the plugin and the same owners; a whisper commands one of them, a public command all.
   */
  readonly bots: number
  /** A profile's fleet, bot by bot (`bots` of them): each one's name, owners and plugin options over the shared ones. */
  readonly fleet?: readonly FleetBot[]
}

/** One bot of a profile's fleet. */
export interface FleetBot {
  readonly username: string
  /** Its own owners (the start settings' when absent). */
  readonly owners?: readonly string[] | '*'
  /** Its plugin options, over the profile's `cedar`. */
  readonly cedar: CedarOptions
}

/**
 * A profile file: the settings `cedar start` would otherwise take as flags or environment variables, plus the
 * plugin's own options under `cedar`, so one file keeps a bot's setup. Flags and the environment still win over it.
 */
export interface StartProfile {
  /** The file, as resolved: named in every message about a bad value in it. */
  readonly file: string
  readonly start: StartInput
  /** The plugin's options (createCedar's), JSON only: owners and the console come from the start settings. */
  readonly cedar: CedarOptions
  /** The bots of a fleet, each named, with owners as text (`Alex,Sam`) and options of its own. */
  readonly fleet?: readonly { readonly username: string; readonly owners?: string; readonly cedar: CedarOptions }[]
}

export type StartWorld = 'survival' | 'flat'

export const EMBEDDED_VERSION = '1.21.4'
export const DEFAULT_PORT = 25565

const portSchema = z
  .string()
  .regex(/^\d{1,5}$/, 'a port number from 0 to 65535')
  .transform(Number)
  .refine((port) => port <= 65535, 'a port number from 0 to 65535')
const versionSchema = z.string().regex(/^1\.\d+(\.\d+)?$/, 'a Minecraft version such as 1.21.4')
const worldSchema = z.enum(['survival', 'flat'], { message: 'survival or flat' })
const seedSchema = z
  .string()
  .regex(/^\d{1,10}$/, 'an integer from 0 to 2147483647')
  .transform(Number)
  .refine((seed) => seed < 2 ** 31, 'an integer from 0 to 2147483647')
const botsSchema = z
  .string()
  .regex(/^[1-8]$/, 'a number of bots from 1 to 8')
  .transform(Number)
const usernameSchema = z.string().regex(/^[A-Za-z0-9_]{3,16}$/, 'a player name of 3-16 letters, digits or underscores')

export interface StartInput {
  readonly host?: string | undefined
  readonly port?: string | undefined
  readonly version?: string | undefined
  readonly username?: string | undefined
  readonly owners?: string | undefined
  readonly world?: string | undefined
  readonly seed?: string | undefined
  readonly consolePort?: string | undefined
  readonly consoleHost?: string | undefined
  /** false: no web console (--no-console, or CEDAR_CONSOLE=off). */
  readonly console?: boolean | undefined
  readonly auth?: string | undefined
  /** false: exit when the connection ends (--no-reconnect, or CEDAR_RECONNECT=off). */
  readonly reconnect?: boolean | undefined
  readonly bots?: string | undefined
}

/**
 * Reads flags over MC_HOST, MC_PORT, MC_VERSION, MC_USERNAME, MC_AUTH, CEDAR_OWNERS, MC_WORLD, CEDAR_SEED,
 * CEDAR_CONSOLE_PORT, CEDAR_CONSOLE_HOST, CEDAR_CONSOLE=off, CEDAR_RECONNECT=off, and those over a profile file's
 * values; throws one message naming bad values and where each came from.
 */
export function resolveStartSettings(
  flags: StartInput,
  env: Readonly<Record<string, string | undefined>>,
  profile?: StartProfile,
): StartSettings {
  /** Where each value came from, so a bad one is named as the user wrote it (`MC_PORT`, `--port`, the profile). */
  const source = new Map<string, string>()
  const pick = (flag: string | undefined, name: string, field: keyof StartInput, flagName: string) => {
    const fromProfile = profile?.start[field]
    if (flag !== undefined) source.set(field, flagName)
    else if (env[name]) source.set(field, name)
    else if (fromProfile !== undefined) source.set(field, `"${field}" in ${profile?.file}`)
    return flag ?? (env[name] || undefined) ?? (typeof fromProfile === 'string' ? fromProfile : undefined)
  }
  const schema = z.object({
    host: z.string().min(1).optional(),
    port: portSchema.optional(),
    version: versionSchema.optional(),
    username: usernameSchema.optional(),
    owners: z.string().optional(),
    world: worldSchema.optional(),
    seed: seedSchema.optional(),
    consolePort: portSchema.optional(),
    consoleHost: z.string().min(1).optional(),
    auth: z.enum(['offline', 'microsoft'], { message: 'offline or microsoft' }).optional(),
    bots: botsSchema.optional(),
  })
  const parsed = schema.safeParse({
    host: pick(flags.host, 'MC_HOST', 'host', '--host'),
    port: pick(flags.port, 'MC_PORT', 'port', '--port'),
    version: pick(flags.version, 'MC_VERSION', 'version', '--mc-version'),
    username: pick(flags.username, 'MC_USERNAME', 'username', '--username'),
    owners: pick(flags.owners, 'CEDAR_OWNERS', 'owners', '--owners'),
    world: pick(flags.world, 'MC_WORLD', 'world', '--world'),
    seed: pick(flags.seed, 'CEDAR_SEED', 'seed', '--seed'),
    consolePort: pick(flags.consolePort, 'CEDAR_CONSOLE_PORT', 'consolePort', '--console-port'),
    consoleHost: pick(flags.consoleHost, 'CEDAR_CONSOLE_HOST', 'consoleHost', '--console-host'),
    auth: pick(flags.auth, 'MC_AUTH', 'auth', '--auth'),
    bots: pick(flags.bots, 'CEDAR_BOTS', 'bots', '--bots'),
  })
  if (!parsed.success) {
    const named = parsed.error.issues.map((issue) => {
      const field = String(issue.path[0] ?? '')
      const from = source.get(field)
      return from === undefined ? issue : { ...issue, path: [`${field} (${from})`] }
    })
    throw new Error(describeIssues('start settings', new z.ZodError(named)))
  }
  const { host, port, version, username, owners, world, seed, consolePort, consoleHost, auth, bots } = parsed.data
  if ((bots ?? 1) > 1 && (username ?? 'cedar').length > 15) {
    throw new Error(
      `invalid start settings: username (${source.get('username')}): at most 15 characters with --bots, which adds a digit`,
    )
  }
  if (auth === 'microsoft' && host === undefined) {
    // The embedded server is in offline mode: a premium login has nothing to prove there.
    throw new Error(
      `invalid start settings: auth (${source.get('auth')}): microsoft needs a server to join (--host or MC_HOST)`,
    )
  }
  const fleet = profileFleet(profile, bots, source.get('bots'))
  const consoleOn = flags.console !== false && env.CEDAR_CONSOLE !== 'off' && profile?.start.console !== false
  const reconnect = flags.reconnect ?? (env.CEDAR_RECONNECT === 'off' ? false : profile?.start.reconnect)
  return {
    host,
    port: port ?? DEFAULT_PORT,
    version: version ?? (host === undefined ? EMBEDDED_VERSION : undefined),
    username: username ?? 'cedar',
    owners: owners === undefined ? undefined : parseOwners(owners),
    world: world ?? 'survival',
    seed,
    console: consoleOn ? { port: consolePort ?? 0, host: consoleHost ?? '127.0.0.1' } : undefined,
    auth: auth ?? 'offline',
    reconnect: reconnect !== false,
    cedar: profile?.cedar ?? {},
    bots: fleet?.length ?? bots ?? 1,
    ...(fleet ? { fleet } : {}),
  }
}

/** A profile's fleet, checked: names a player can have, once each, and as many as --bots says if it says. */
function profileFleet(profile: StartProfile | undefined, bots: number | undefined, botsFrom: string | undefined) {
  if (!profile?.fleet) return undefined
  const where = `"fleet" in ${profile.file}`
  if (bots !== undefined && bots !== profile.fleet.length) {
    throw new Error(
      `invalid start settings: bots (${botsFrom}): ${bots}, but ${where} names ${profile.fleet.length} bots`,
    )
  }
  const names = new Set<string>()
  return profile.fleet.map((bot): FleetBot => {
    if (!usernameSchema.safeParse(bot.username).success) {
      throw new Error(
        `invalid start settings: ${where}: "${bot.username}" is not a player name of 3-16 letters, digits or underscores`,
      )
    }
    if (names.has(bot.username.toLowerCase())) {
      throw new Error(`invalid start settings: ${where}: "${bot.username}" is named twice`)
    }
    names.add(bot.username.toLowerCase())
    return {
      username: bot.username,
      ...(bot.owners === undefined ? {} : { owners: parseOwners(bot.owners) }),
      cedar: bot.cedar,
    }
  })
}
