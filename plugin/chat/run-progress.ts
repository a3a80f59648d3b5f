/**
 * What a player hears while `!do` runs: the skills as they start and end, a line at least every ~15 s while a long
 * act goes on (an explore: its leg and the distance walked), and at the end a failure in plain words with what was
 * tried. Chat is the only window a player has on a run, so silence of more than a quarter minute reads as a hang.
 */
import type { ControllerResult } from '../agent/index.js'
import type { DoProgress } from '../cedar-reports.js'
import { actWords, itemsWords } from '../vocabulary/player-words.js'
import { playerEntity, returnTo } from '../world/pathfinding.js'
import type { CommandContext } from './command.js'
import { blockedByWords, deathCause } from './do-progress.js'

/** The longest silence while something runs. */
export const HEARTBEAT_MS = 15_000

interface Acting {
  readonly action: string
  readonly since: number
  detail?: string
}

/** How a run's acts and things are named: by their symbols and ids (verbose), or in a player's words. */
export interface RunWords {
  act(symbol: string): string
  things(object: string): string
}

const OWN_TERMS: RunWords = { act: (symbol) => symbol, things: (object) => object }

/** "mining iron ore", "oak logs". */
export const PLAYER_WORDS: RunWords = { act: actWords, things: itemsWords }

/** Wraps the base reporter of a run: every line it says counts as speech, so the heartbeat only fills silences. */
export class RunProgress {
  private acting: Acting | undefined
  private lastSaid: number
  private readonly skills: string[] = []
  private nextSkill = 0
  private timer: ReturnType<typeof setInterval> | undefined

  constructor(
    private readonly reply: (text: string) => void,
    base: (say: (text: string) => void) => (p: DoProgress) => void,
    private readonly now: () => number = Date.now,
    private readonly words: RunWords = OWN_TERMS,
  ) {
    this.lastSaid = now()
    this.base = base((text) => this.say(text))
  }

  private readonly base: (p: DoProgress) => void

  /** The progress callback for the agent. */
  readonly onProgress = (p: DoProgress): void => {
    switch (p.type) {
      case 'grounded':
        // A new plan (a constraint's need first, then the instruction; or planned again): its own skills.
        this.skills.length = 0
        this.nextSkill = 0
        this.startedFirst = false
        break
      case 'skill':
        if (!this.skills.includes(p.skill.name)) this.skills.push(p.skill.name)
        break
      case 'acting':
        this.onActing(p.action, p.detail)
        return
      case 'step':
        // "not in sight, explore first" is what the search line that follows says in plain words.
        if (!p.step.ok && /; explore first$/.test(p.step.message ?? '')) return
        this.base(p)
        this.acting = undefined
        if (p.step.ok) this.skillDone(p.step.action)
        return
    }
    this.base(p)
  }

  /** Starts the heartbeat; `stop` ends it (the run is over). */
  start(): this {
    this.timer = setInterval(() => this.beat(), 1000)
    this.timer.unref?.()
    return this
  }

  stop(): void {
    clearInterval(this.timer)
    this.acting = undefined
  }

  /** A heartbeat tick: speaks only after HEARTBEAT_MS of silence while an act runs. */
  beat(): void {
    const acting = this.acting
    // Quiet since the act began or the last line, whichever is later: an act just started is no news yet.
    if (!acting || this.now() - Math.max(this.lastSaid, acting.since) < HEARTBEAT_MS) return
    const seconds = Math.round((this.now() - acting.since) / 1000)
    const doing = this.words === OWN_TERMS ? `on ${acting.action}` : this.words.act(acting.action)
    this.say(`still ${doing} (${seconds} s)${acting.detail ? `: ${acting.detail}` : ''}`)
  }

  private onActing(action: string, detail: string | undefined): void {
    if (detail !== undefined) {
      if (this.acting?.action === action) this.acting.detail = detail
      return
    }
    this.acting = { action, since: this.now() }
    const skill = this.skills[this.nextSkill]
    if (this.nextSkill === 0 && skill && this.skills.length > 1 && !this.startedFirst) {
      this.startedFirst = true
      this.say(`starting ${this.words.act(skill)} (1 of ${this.skills.length})`)
    }
    if (action.startsWith('explore.'))
      this.say(`no ${this.words.things(action.slice('explore.'.length))} in sight; searching`)
  }

  private startedFirst = false

  private skillDone(action: string): void {
    const index = this.skills.indexOf(action, this.nextSkill)
    if (index < 0) return
    this.nextSkill = index + 1
    if (this.skills.length < 2) return
    const next = this.skills[this.nextSkill]
    // Not "done ...": that is how the run's own last line begins.
    const then = next ? `; next ${this.words.act(next)}` : ''
    this.say(`finished ${this.words.act(action)} (${index + 1} of ${this.skills.length})${then}`)
  }

  private say(text: string): void {
    this.lastSaid = this.now()
    this.reply(text)
  }
}

/** Whether the run went looking for something it never found (then the bot comes back to who asked). */
export function searchedInVain(result: ControllerResult): boolean {
  return result.outcome !== 'goal' && result.steps.some((s) => s.action.startsWith('explore.') && !s.ok)
}

/**
 * A run that did not reach its goal, in plain words: what was searched for and how far, or the act that failed
 * and why; the controller's own reason after it.
 */
export function plainFailure(result: ControllerResult, words: RunWords = OWN_TERMS): string {
  const searches = result.steps.filter((s) => s.action.startsWith('explore.') && !s.ok)
  if (searches.length > 0) {
    const object = searches[0]?.action.slice('explore.'.length) ?? 'it'
    let legs = 0
    let blocks = 0
    for (const search of searches) {
      const m = /after (\d+) legs, about (\d+) blocks/.exec(search.message ?? '')
      legs += Number(m?.[1] ?? 0)
      blocks += Number(m?.[2] ?? 0)
    }
    const times = searches.length === 1 ? 'once' : `${searches.length} times`
    const extent = legs > 0 ? ` (${legs} legs, about ${blocks} blocks walked)` : ''
    return `I found no ${words.things(object)}: I searched ${times}${extent} and saw none`
  }
  const failed = result.steps.filter((s) => !s.ok).at(-1)
  if (result.outcome === 'died' && failed) {
    const why = deathCause(failed.message)
    return `the bot died while ${words.act(failed.action)}${why ? ` (${why})` : ''}`
  }
  if (result.outcome === 'blocked' && words !== OWN_TERMS) {
    const refused = new Map(result.steps.flatMap((s) => (s.blockedBy === undefined ? [] : [[s.action, s.blockedBy]])))
    const why = [...refused].map(([action, by]) => `${blockedByWords(by)} forbids ${words.act(action)}`)
    if (why.length > 0) return `no allowed way to the goal is left: ${why.join('; ')}`
  }
  if (failed && result.outcome !== 'blocked') {
    return `${words.act(failed.action)} did not work (${failed.message ?? 'no reason given'}), and ${result.message}`
  }
  return result.message
}

type Position = { readonly x: number; readonly y: number; readonly z: number }

/** Where the player who asked is (the bot's own place when it cannot see them): where a failed search comes back to. */
export function askerPosition(context: CommandContext): Position {
  const { x, y, z } = (playerEntity(context.bot, context.username) ?? context.bot.entity).position
  return { x, y, z }
}

/** Walks back to the player who asked; the line to end the run with. */
export async function comeBack(context: CommandContext, asker: Position, signal: AbortSignal): Promise<string> {
  await returnTo(context.bot, context.username, asker, 2, signal)
  const player = playerEntity(context.bot, context.username)
  const distance = player ? context.bot.entity.position.distanceTo(player.position) : Number.POSITIVE_INFINITY
  return distance <= 5 ? `back with you, ${context.username}` : `I came back to where you were, ${context.username}`
}
