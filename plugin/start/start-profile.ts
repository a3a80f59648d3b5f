import { readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { isPostgresUrl } from '../config/data-dir.js'
import { type CedarOptions, cedarOptionsSchema, describeIssues } from '../config/options.js'
import type { StartProfile } from './start-settings.js'

const text = z.string().min(1)
const number = z.number().int()
/** Start settings are read as the strings a flag or variable would give, so one schema checks all three sources. */
const asText = z.union([text, number]).transform(String)

const ownersInput = z.union([text, z.array(text).transform((names) => names.join(','))])
const pluginOptions = cedarOptionsSchema.omit({ owners: true, console: true, logger: true })

/** One bot of a fleet: its name, and its own owners and plugin options over the profile's. */
const fleetBotSchema = z.strictObject({
  username: text,
  owners: ownersInput.optional(),
  cedar: pluginOptions.optional(),
})

const profileSchema = z.strictObject({
  host: text.optional(),
  port: asText.optional(),
  version: asText.optional(),
  username: text.optional(),
  owners: ownersInput.optional(),
  world: text.optional(),
  seed: asText.optional(),
  console: z.union([z.literal(false), z.strictObject({ port: asText.optional(), host: text.optional() })]).optional(),
  auth: text.optional(),
  reconnect: z.boolean().optional(),
  cedar: pluginOptions.optional(),
  fleet: z.array(fleetBotSchema).min(1).max(8).optional(),
})

/** Reads and checks a profile; throws one message naming the file and each bad key. */
export function readStartProfile(file: string): StartProfile {
  const resolved = path.resolve(file)
  let raw: string
  try {
    raw = readFileSync(resolved, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    throw new Error(`profile ${resolved}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`)
  }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch (error) {
    throw new Error(`profile ${resolved}: not JSON (${(error as Error).message})`)
  }
  const parsed = profileSchema.safeParse(json)
  if (!parsed.success) {
    const why = describeIssues('profile', parsed.error).replace(/^invalid profile: /, '')
    const hint = /unknown "(owners|console|logger)"/.test(why)
      ? ' (owners and console go at the top of the profile, not under cedar)'
      : ''
    throw new Error(`profile ${resolved}: ${why}${hint}`)
  }
  const { console: consoleSetting, cedar, fleet, ...start } = parsed.data
  const folder = path.dirname(resolved)
  return {
    file: resolved,
    ...(fleet === undefined
      ? {}
      : {
          fleet: fleet.map((bot) => ({
            username: bot.username,
            ...(bot.owners === undefined ? {} : { owners: bot.owners }),
            cedar: withPathsFrom(folder, bot.cedar ?? {}),
          })),
        }),
    start: {
      ...start,
      ...(consoleSetting === false
        ? { console: false }
        : { consolePort: consoleSetting?.port, consoleHost: consoleSetting?.host }),
    },
    cedar: withPathsFrom(folder, cedar ?? {}),
  }
}

/** A path in a profile means the same wherever `cedar start` runs: relative ones are read from the profile's folder. */
function withPathsFrom(folder: string, cedar: CedarOptions): CedarOptions {
  const from = (value: string) => path.resolve(folder, value)
  return {
    ...cedar,
    ...(cedar.storePath === undefined
      ? {}
      : { storePath: isPostgresUrl(cedar.storePath) ? cedar.storePath : from(cedar.storePath) }),
    ...(typeof cedar.seedPath === 'string' ? { seedPath: from(cedar.seedPath) } : {}),
    ...(cedar.llm?.cacheDir === undefined ? {} : { llm: { ...cedar.llm, cacheDir: from(cedar.llm.cacheDir) } }),
  }
}
