import path from 'node:path'
import cron from 'node-cron'
import { z } from 'zod'
import { CedarError } from '../errors.js'
import { isPostgresUrl, localDirFor, resolveStorePath, userLlmCacheDir } from './data-dir.js'

/** The shipped law sets (plugin/agent/laws.ts loads them). */
export const LAW_SET_NAMES = ['vanilla-hard', 'saycan-hard', 'saycan-soft', 'innermonologue'] as const
export type LawSetName = (typeof LAW_SET_NAMES)[number]

/** Four runs cannot make a law: a critic rule proposes only from what five or more trajectories show. */
export const DEFAULT_CRITIC_MIN_EVIDENCE = 5

/** A Minecraft player name: what the server puts in front of a chat line. */
const playerName = z.string().regex(/^[A-Za-z0-9_]{1,16}$/, 'a player name is 1-16 letters, digits or underscores')

const logger = z.custom<CedarLogger>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    ['info', 'warn', 'error'].every((key) => typeof (value as Record<string, unknown>)[key] === 'function'),
  { message: 'expected an object with info, warn and error functions (console works)' },
)

const llmSchema = z.strictObject({
  apiKey: z.string().min(1).optional(),
  baseURL: z
    .url({ protocol: /^https?$/, message: 'expected an http(s) URL such as http://127.0.0.1:11434/v1' })
    .optional(),
  model: z.string().min(1).optional(),
  /** An embedding model turns on embedding retrieval (fused with BM25); without one, retrieval is lexical. */
  embeddingModel: z.string().min(1).optional(),
  /** Where replies and embeddings are cached, keyed by (model, prompt), so a rerun costs nothing. */
  cacheDir: z.string().min(1).optional(),
  timeoutMs: z.number().int().positive().optional(),
  /** Requests that may reach the endpoint, retries included (a spent budget ends learning with what was settled). */
  maxRequests: z.number().int().positive().optional(),
  /** Prompt and completion tokens together. */
  maxTokens: z.number().int().positive().optional(),
  /** Requests started in any minute (the rest wait their turn). */
  requestsPerMinute: z.number().int().positive().optional(),
  /** A model per role; the others use `model`. */
  models: z
    .strictObject({
      grounding: z.string().min(1).optional(),
      teacher: z.string().min(1).optional(),
      actor: z.string().min(1).optional(),
      critic: z.string().min(1).optional(),
    })
    .optional(),
})

export const cedarOptionsSchema = z.strictObject({
  /** Players whose commands the bot obeys; `'*'` obeys everyone (only sensible on a private local server). */
  owners: z.union([z.array(playerName).readonly(), z.literal('*')]).optional(),
  /** What a chat line must start with to be a command. Whispers may leave it out. */
  prefix: z
    .string()
    .min(1)
    .max(4)
    .regex(/^\S+$/, 'the prefix cannot contain spaces')
    .refine((p) => !p.startsWith('/'), 'the prefix cannot start with / (the server would take it as its own command)')
    .optional(),
  /** Where learned skills, constraints and laws are kept (default CEDAR_STORE, else the user's data directory). */
  storePath: z.string().min(1).optional(),
  /** Skills read under the store, never written: the package's shipped seeds by default, or `false` for none. */
  seedPath: z.union([z.string().min(1), z.literal(false)]).optional(),
  llm: llmSchema.optional(),
  /** Who teaches skills: the recipe book (offline, the default) or the configured LLM (`!learn ... --llm` asks it once). */
  skillTeacher: z.enum(['recipe', 'llm']).optional(),
  /**
   * Who picks `!do`'s next action: the planner (the shortest way through the skill's automaton, the default) or the
   * configured LLM (LogicGuard's InnerMonologue actor), among the actions that keep a way to the goal open; every
   * pick passes the shield either way.
   */
  actor: z.enum(['planner', 'llm']).optional(),
  /** `same` answers the way the command came; `public` always in chat; `whisper` always privately. */
  replyMode: z.enum(['same', 'public', 'whisper']).optional(),
  /**
   * Chat in the bot's own terms: symbols (`mine.iron_ore`), automaton sizes and teacher statistics, as `--verbose`
   * says them for one command (`!do ... --verbose`, `!skill ... --verbose`). Off by default: players hear their own
   * words; the log always has both.
   */
  verbose: z.boolean().optional(),
  /** Characters per chat line; defaults to the server version's limit (256, or 100 before 1.11). */
  chatLimit: z.number().int().min(20).max(256).optional(),
  /** At most this many lines per reply; the rest is cut with a note, so the server does not kick for spam. */
  maxReplyLines: z.number().int().min(1).max(50).optional(),
  /** Per-player flood guard: at most `commands` commands in any `perSeconds` window. */
  rateLimit: z.strictObject({ commands: z.number().int().min(1), perSeconds: z.number().positive() }).optional(),
  /** Load pathfinder and collectblock when the bot lacks them. */
  loadDependencies: z.boolean().optional(),
  /**
   * The survival reflexes, each on (the default) or off (`!mode <name> on|off` switches one later); `idle`: they act
   * when no task runs too (off by default: a bot script that moves its bot itself would be taken over at night).
   */
  reflexes: z
    .strictObject({
      idle: z.boolean().optional(),
      eat: z.boolean().optional(),
      escape: z.boolean().optional(),
      fight: z.boolean().optional(),
      shelter: z.boolean().optional(),
      armour: z.boolean().optional(),
    })
    .optional(),
  shield: z
    .strictObject({
      /**
       * The gate on the bot's methods (dig, placeBlock, craft, equip, attack, consume, ...): `own` (the default)
       * judges the plugin's own acts by every law and other code's calls (other plugins, the script) only by the
       * laws the owner added; `all` judges every call by every law; `false` leaves the methods alone (the plugin's
       * own plans are still judged by its controller).
       */
      gate: z.union([z.enum(['own', 'all']), z.literal(false)]).optional(),
      /**
       * Shipped law sets to load: vanilla-hard (the default: LogicGuard's hard laws with each block's pickaxes from
       * minecraft-data), or LogicGuard's as written: saycan-hard, saycan-soft, innermonologue.
       */
      lawSets: z.array(z.enum(LAW_SET_NAMES)).optional(),
      /** A soft law that blocks the same action more than this many times is dropped. */
      softBlockLimit: z.number().int().min(1).optional(),
    })
    .optional(),
  /**
   * Whose lessons a world gets: 'separate' (default) keeps standing constraints, critic laws and trajectories per
   * world (server address and seed); 'shared' uses every one of them in every world. Skills are always shared.
   */
  worlds: z.enum(['separate', 'shared']).optional(),
  /**
   * Whose critic laws they are on a store a fleet shares (PostgreSQL): 'bot' (default) keeps each bot's own;
   * 'fleet' keeps a world's accepted and rejected laws in the store, for every bot that enters that world.
   */
  criticLaws: z.enum(['bot', 'fleet']).optional(),
  critic: z
    .strictObject({
      /** When the critic runs: a cron expression (default every ten minutes), or false for never (`!critic run` still works). */
      schedule: z
        .union([
          z.literal(false),
          z.string().refine((e) => cron.validate(e), { message: 'expected a cron expression such as "*/10 * * * *"' }),
        ])
        .optional(),
      /** Trajectories kept on disk for the critic. */
      trajectoryCap: z.number().int().min(1).max(10_000).optional(),
      /**
       * Install the critic's validated laws at once, soft (LogicGuard's behaviour). Default false: each waits,
       * proposed, for an owner's `!law accept|reject`.
       */
      autoAccept: z.boolean().optional(),
      /** Trajectories that must show a law's case before a critic rule proposes it (default 5). */
      minEvidence: z.number().int().min(1).max(10_000).optional(),
    })
    .optional(),
  /** The player as a teacher (a constraint neither the LLM nor the phrase grammar can teach is asked in chat). */
  teaching: z
    .strictObject({
      /** Questions one constraint may cost a player before learning stops with what it has. */
      questionBudget: z.number().int().min(1).max(500).optional(),
      /** How long a question waits for !yes / !no / !skip before the teaching ends politely. */
      answerTimeoutMs: z.number().int().min(1_000).optional(),
      /** With an LLM: ask the player the words the LLM's answers leave uncertain. */
      askWhenUncertain: z.boolean().optional(),
      /**
       * When the owner confirms a constraint the LLM taught, in plain words, before a run uses it: every time, when
       * the checks found something (it forbids nothing, the phrase grammar reads it otherwise, nothing could check
       * it), or never. Default 'when-unsure'.
       */
      confirm: z.enum(['always', 'when-unsure', 'never']).optional(),
    })
    .optional(),
  /** A local web page to watch and command the bot (off unless given); see docs/console.md. */
  console: z
    .strictObject({
      /** 0 picks a free port (the address is printed, and in `bot.cedar.console`). */
      port: z.number().int().min(0).max(65535),
      /** Where it listens; 127.0.0.1 unless told otherwise (anyone who can reach it and has the token commands the bot). */
      host: z.string().min(1).optional(),
      /** The owner page commands run as (default: the first owner); the same owner rules as chat apply. */
      owner: playerName.optional(),
    })
    .optional(),
  /** How far the bot explores for a block it cannot see: a square spiral of `legs` legs, the first `legLength` long. */
  search: z
    .strictObject({
      legs: z.number().int().min(1).max(32).optional(),
      legLength: z.number().int().min(2).max(64).optional(),
    })
    .optional(),
  logger: logger.optional(),
})

export type CedarOptions = z.input<typeof cedarOptionsSchema>

export interface CedarLogger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

export interface LlmSettings {
  readonly apiKey: string | undefined
  readonly baseURL: string | undefined
  readonly model: string
  readonly embeddingModel: string | undefined
  readonly cacheDir: string
  readonly timeoutMs: number
  /**
   * A loopback endpoint's first call (a local model loading its weights) may take this long; set when no timeout was
   * given (180 s): a timeout the user chose is theirs from the first call.
   */
  readonly firstTimeoutMs?: number
  readonly maxRequests?: number | undefined
  readonly maxTokens?: number | undefined
  readonly requestsPerMinute?: number | undefined
  /** A model per role (grounding, teacher, actor, critic); the others use `model`. */
  readonly models?: z.infer<typeof llmSchema>['models']
  /** An LLM is used only when a key or an endpoint is given; without one, the offline teachers answer. */
  readonly enabled: boolean
}

export interface ResolvedCedarOptions {
  readonly owners: readonly string[] | '*'
  readonly prefix: string
  readonly storePath: string
  /** With a `postgres://` store: where this machine's own files go (laws, backups), in the data directory. */
  readonly storeLocalDir: string | undefined
  /** A directory of seed skills; `undefined` means the package's shipped seeds, `false` none. */
  readonly seedPath: string | false | undefined
  readonly llm: LlmSettings
  readonly skillTeacher: 'recipe' | 'llm'
  readonly actor: 'planner' | 'llm'
  readonly replyMode: 'same' | 'public' | 'whisper'
  readonly verbose: boolean
  readonly chatLimit: number | undefined
  readonly maxReplyLines: number
  readonly rateLimit: { readonly commands: number; readonly perSeconds: number }
  readonly loadDependencies: boolean
  readonly reflexes: {
    readonly idle: boolean
    readonly eat: boolean
    readonly escape: boolean
    readonly fight: boolean
    readonly shelter: boolean
    readonly armour: boolean
  }
  readonly shield: {
    readonly gate: 'own' | 'all' | false
    readonly lawSets: readonly LawSetName[]
    readonly softBlockLimit: number
  }
  readonly worlds: 'separate' | 'shared'
  readonly criticLaws: 'bot' | 'fleet'
  readonly critic: {
    readonly schedule: string | false
    readonly trajectoryCap: number
    readonly autoAccept: boolean
    readonly minEvidence: number
  }
  readonly teaching: {
    readonly questionBudget: number
    readonly answerTimeoutMs: number
    readonly askWhenUncertain: boolean
    readonly confirm: 'always' | 'when-unsure' | 'never'
  }
  readonly console: ConsoleSettings | undefined
  readonly search: { readonly legs: number; readonly legLength: number }
  readonly logger: CedarLogger
}

export interface ConsoleSettings {
  readonly port: number
  readonly host: string
  /** Undefined when no owner is named: page commands are then refused with a reason. */
  readonly owner: string | undefined
}

export const DEFAULT_MODEL = 'gpt-4o-mini'

/** Thrown for options that fail validation; the message names every bad field. */
export class CedarOptionsError extends CedarError {
  override name = 'CedarOptionsError'
}

type Env = Readonly<Record<string, string | undefined>>

/** The variables that configure the LLM, by the option each sets (an error names the variable the user wrote). */
const LLM_ENV_OF_OPTION = {
  apiKey: 'OPENAI_API_KEY',
  baseURL: 'OPENAI_BASE_URL',
  model: 'CEDAR_MODEL',
  embeddingModel: 'CEDAR_EMBED_MODEL',
  cacheDir: 'CEDAR_LLM_CACHE',
  timeoutMs: 'CEDAR_LLM_TIMEOUT_MS',
  maxRequests: 'CEDAR_LLM_MAX_REQUESTS',
  maxTokens: 'CEDAR_LLM_MAX_TOKENS',
  requestsPerMinute: 'CEDAR_LLM_REQUESTS_PER_MINUTE',
  'models.grounding': 'CEDAR_MODEL_GROUNDING',
  'models.teacher': 'CEDAR_MODEL_TEACHER',
  'models.actor': 'CEDAR_MODEL_ACTOR',
  'models.critic': 'CEDAR_MODEL_CRITIC',
} as const satisfies Readonly<Record<string, string>>

/** The variables that configure the LLM: `--offline` reads none of them, so a bad one cannot stop it. */
export const LLM_ENV: readonly string[] = Object.values(LLM_ENV_OF_OPTION)

/** The environment without the LLM's variables. */
export function offlineEnv(env: Env = process.env): Env {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !LLM_ENV.includes(key)))
}

/**
 * Validates plugin options and fills defaults. LLM settings fall back to OPENAI_API_KEY, OPENAI_BASE_URL and
 * CEDAR_MODEL (and CEDAR_EMBED_MODEL, CEDAR_LLM_CACHE), so a bot script need not pass secrets around; explicit options win over the environment.
 */
export function resolveOptions(input: unknown = {}, env: Env = process.env): ResolvedCedarOptions {
  const parsed = cedarOptionsSchema.safeParse(input ?? {})
  if (!parsed.success) throw new CedarOptionsError(describeIssues('cedar options', parsed.error))
  const options = parsed.data
  const llm = resolveLlm(options.llm ?? {}, env)
  return {
    owners: options.owners === '*' ? '*' : [...new Set(options.owners ?? [])],
    prefix: options.prefix ?? '!',
    storePath: resolveStorePath(options.storePath, env),
    storeLocalDir: isPostgresUrl(resolveStorePath(options.storePath, env))
      ? localDirFor(resolveStorePath(options.storePath, env), env)
      : undefined,
    seedPath: typeof options.seedPath === 'string' ? path.resolve(options.seedPath) : options.seedPath,
    llm,
    skillTeacher: options.skillTeacher ?? 'recipe',
    actor: options.actor ?? 'planner',
    replyMode: options.replyMode ?? 'same',
    verbose: options.verbose ?? false,
    chatLimit: options.chatLimit,
    maxReplyLines: options.maxReplyLines ?? 8,
    rateLimit: options.rateLimit ?? { commands: 6, perSeconds: 10 },
    loadDependencies: options.loadDependencies ?? true,
    reflexes: {
      idle: options.reflexes?.idle ?? false,
      eat: options.reflexes?.eat ?? true,
      escape: options.reflexes?.escape ?? true,
      fight: options.reflexes?.fight ?? true,
      shelter: options.reflexes?.shelter ?? true,
      armour: options.reflexes?.armour ?? true,
    },
    shield: {
      gate: options.shield?.gate ?? 'own',
      lawSets: options.shield?.lawSets ?? ['vanilla-hard'],
      softBlockLimit: options.shield?.softBlockLimit ?? 3,
    },
    worlds: options.worlds ?? 'separate',
    criticLaws: options.criticLaws ?? 'bot',
    critic: {
      schedule: options.critic?.schedule ?? '*/10 * * * *',
      trajectoryCap: options.critic?.trajectoryCap ?? 200,
      autoAccept: options.critic?.autoAccept ?? false,
      minEvidence: options.critic?.minEvidence ?? DEFAULT_CRITIC_MIN_EVIDENCE,
    },
    teaching: {
      questionBudget: options.teaching?.questionBudget ?? 30,
      answerTimeoutMs: options.teaching?.answerTimeoutMs ?? 60_000,
      askWhenUncertain: options.teaching?.askWhenUncertain ?? false,
      confirm: options.teaching?.confirm ?? 'when-unsure',
    },
    console: options.console && {
      port: options.console.port,
      host: options.console.host ?? '127.0.0.1',
      owner: options.console.owner ?? (options.owners === '*' ? 'console' : options.owners?.[0]),
    },
    search: { legs: options.search?.legs ?? 8, legLength: options.search?.legLength ?? 16 },
    logger: options.logger ?? console,
  }
}

const NUMERIC_LLM_OPTIONS = new Set(['timeoutMs', 'maxRequests', 'maxTokens', 'requestsPerMinute'])

function envNumber(value: string | undefined): number | undefined {
  return value ? Number(value) : undefined
}

function resolveLlm(given: z.infer<typeof llmSchema>, env: Env): LlmSettings {
  const models = dropUndefined({
    grounding: env.CEDAR_MODEL_GROUNDING || undefined,
    teacher: env.CEDAR_MODEL_TEACHER || undefined,
    actor: env.CEDAR_MODEL_ACTOR || undefined,
    critic: env.CEDAR_MODEL_CRITIC || undefined,
  })
  const fromEnv = llmSchema.safeParse(
    dropUndefined({
      apiKey: env.OPENAI_API_KEY || undefined,
      baseURL: env.OPENAI_BASE_URL || undefined,
      model: env.CEDAR_MODEL || undefined,
      embeddingModel: env.CEDAR_EMBED_MODEL || undefined,
      cacheDir: env.CEDAR_LLM_CACHE || undefined,
      timeoutMs: envNumber(env.CEDAR_LLM_TIMEOUT_MS),
      maxRequests: envNumber(env.CEDAR_LLM_MAX_REQUESTS),
      maxTokens: envNumber(env.CEDAR_LLM_MAX_TOKENS),
      requestsPerMinute: envNumber(env.CEDAR_LLM_REQUESTS_PER_MINUTE),
      models: Object.keys(models).length > 0 ? models : undefined,
    }),
  )
  if (!fromEnv.success) {
    // Named as the user wrote them: CEDAR_LLM_TIMEOUT_MS, not the option's timeoutMs.
    const named = fromEnv.error.issues.map((issue) => {
      const option = issue.path.join('.')
      const variable = (LLM_ENV_OF_OPTION as Readonly<Record<string, string>>)[option]
      // Every variable is text: "expected number, received NaN" would tell the user nothing.
      const message =
        variable && NUMERIC_LLM_OPTIONS.has(option)
          ? `expected a positive whole number, not ${JSON.stringify(env[variable])}`
          : issue.message
      return { ...issue, message, path: [variable ?? option] }
    })
    throw new CedarOptionsError(describeIssues('environment', new z.ZodError(named)))
  }
  const apiKey = given.apiKey ?? fromEnv.data.apiKey
  const baseURL = given.baseURL ?? fromEnv.data.baseURL
  const timeoutMs = given.timeoutMs ?? fromEnv.data.timeoutMs
  const roleModels = { ...fromEnv.data.models, ...given.models }
  return {
    apiKey,
    baseURL,
    model: given.model ?? fromEnv.data.model ?? DEFAULT_MODEL,
    embeddingModel: given.embeddingModel ?? fromEnv.data.embeddingModel,
    cacheDir: path.resolve(given.cacheDir ?? fromEnv.data.cacheDir ?? userLlmCacheDir(env)),
    timeoutMs: timeoutMs ?? 30_000,
    ...(timeoutMs === undefined ? { firstTimeoutMs: 180_000 } : {}),
    ...dropUndefined({
      maxRequests: given.maxRequests ?? fromEnv.data.maxRequests,
      maxTokens: given.maxTokens ?? fromEnv.data.maxTokens,
      requestsPerMinute: given.requestsPerMinute ?? fromEnv.data.requestsPerMinute,
      models: Object.keys(roleModels).length > 0 ? roleModels : undefined,
    }),
    enabled: apiKey !== undefined || baseURL !== undefined,
  }
}

function dropUndefined<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** One line per bad field, e.g. `cedar options: owners.1: a player name is 1-16 letters...`. */
export function describeIssues(what: string, error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'options'
    if (issue.code === 'unrecognized_keys') return `${where}: unknown ${issue.keys.map((k) => `"${k}"`).join(', ')}`
    return `${where}: ${issue.message}`
  })
  return `invalid ${what}: ${lines.join('; ')}`
}

/** Settings safe to show in chat or logs: the API key is never printed. */
export function describeLlm(llm: LlmSettings): string {
  if (!llm.enabled) return 'off (offline teachers)'
  const embed = llm.embeddingModel ? `, embeddings ${llm.embeddingModel}` : ''
  return `${llm.model}${embed} at ${llm.baseURL ?? 'api.openai.com'}${llm.apiKey ? '' : ' (no key)'}`
}

/** `CEDAR_OWNERS`-style text: `Alex,Bob` or `Alex Bob` → ['Alex', 'Bob']; `*` → everyone; empty → nobody. */
export function parseOwners(value: string | undefined): string[] | '*' {
  if (value?.trim() === '*') return '*'
  return (value ?? '')
    .split(/[\s,]+/)
    .map((name) => name.trim())
    .filter((name) => name !== '')
}
