/**
 * A line that names the bot without a command ("hey cedar, can you get me some wood?") gets one line back saying
 * how to ask, with a request it can do as the example (the nearest to the player's words). At most one hint per player
 * per window, so a conversation that keeps mentioning the bot is not answered line by line.
 */
import { closestSuggestion } from './suggestions.js'

/** One hint per player per this long. */
export const MENTION_HINT_MS = 60_000

const FILLER = /^(?:(?:hey|hi|hello|yo|ok|okay|oi|please|pls|so|and|now|could|can|would|will|you|u|go)\b[\s,!.?]*)+/i

export class MentionHint {
  private readonly lastHint = new Map<string, number>()

  constructor(
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
    private readonly windowMs = MENTION_HINT_MS,
  ) {}

  /** The hint for `message` from `username`, or undefined (no mention of `botName`, or hinted recently). */
  hintFor(username: string, message: string, botName: string | undefined): string | undefined {
    if (!botName || !mentions(message, botName)) return undefined
    const key = username.toLowerCase()
    const last = this.lastHint.get(key)
    if (last !== undefined && this.now() - last < this.windowMs) return undefined
    this.lastHint.set(key, this.now())
    // The example is one the bot can do (suggestions.ts), the nearest to the player's words: their own words may
    // ask for what it cannot ("help me"), and a hint that leads to a refusal leads nowhere.
    const example = `${this.prefix}do ${closestSuggestion(requestOf(message, botName) ?? '')}`
    return `${username}, I only follow commands: say ${this.prefix}do <what you want>, e.g. ${example} (${this.prefix}help lists the rest)`
  }
}

function mentions(message: string, botName: string): boolean {
  return new RegExp(`(^|[^A-Za-z0-9_])${regexQuoted(botName)}($|[^A-Za-z0-9_])`, 'i').test(message)
}

/** The words of a request with the name, greetings and politeness taken off ("get me some wood"). */
function requestOf(message: string, botName: string): string | undefined {
  const withoutName = message.replace(new RegExp(regexQuoted(botName), 'ig'), ' ')
  const words = withoutName
    .replace(/[?!.]+\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s,:;-]+/, '')
    .replace(FILLER, '')
    .replace(/\s*\bplease\b\s*/gi, ' ')
    .trim()
  // A request starts with a verb and has a little more to it; "thanks" or "hi" is no request.
  return words.split(' ').length >= 2 && /^[a-z]/i.test(words) && words.length <= 80 ? words : undefined
}

function regexQuoted(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
