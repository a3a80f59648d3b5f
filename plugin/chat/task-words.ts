/**
 * The bot's task as a player says it, for `!status`, "busy with …" and "stopped …": "collecting 3 oak logs",
 * "following Alex", "learning the rule "sleep at night"". The task's name stays what code reads (`do collect 3 oak
 * logs` in `cedarTaskStart`, the console and the log); chat says what it is doing.
 */
import { VERBS } from '../grounding/intent-words.js'
import { itemsWords } from '../vocabulary/player-words.js'

/** Words a request starts with that are no part of what is asked: "please", "cedar,", "can you". */
const OPENERS = /^(?:(?:please|pls|hey|cedar|bot|can you|could you|would you|will you|go and|go)\b[\s,]*)+/i

/** First words that are no verb: the request is then quoted. */
const NOT_VERBS = /^(i|we|a|an|the|some|all|my|your|more)$/i

/** Verbs that end in -ing themselves (not an -ing form already). */
const ING_VERBS = /^(bring|sing|ring|string|fling|swing|sting|cling|sling|spring)$/i

/** Words after which a request's next act begins. */
const JOINS = new Set(['and', 'then', 'but'])

/** Whose things a request names, turned to the bot's side: "get me my sword" → "getting you your sword". */
const TO_LISTENER: ReadonlyMap<string, string> = new Map([
  ['me', 'you'],
  ['my', 'your'],
  ['myself', 'yourself'],
])

/** A verb's -ing form by the spelling rules: make → making, get → getting, dig → digging, collect → collecting. */
export function gerund(verb: string): string {
  const word = verb.toLowerCase()
  if (word === 'be') return 'being'
  if (/ie$/.test(word)) return `${word.slice(0, -2)}ying`
  if (/[^aeiou]e$/.test(word) || /[aeiou]ue$/.test(word)) return `${word.slice(0, -1)}ing`
  // One syllable ending consonant-vowel-consonant: its consonant doubles (get, dig, chop, put, grab, stop).
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(word)) return `${word}${word.at(-1)}ing`
  return `${word}ing`
}

/** An instruction as what the bot is doing: "collect 3 oak logs" → "collecting 3 oak logs"; odd words quoted. */
export function doingWords(instruction: string): string {
  const words = instruction
    .trim()
    .replace(OPENERS, '')
    .replace(/[\s,]*please[.!]?$/i, '')
    .split(/\s+/)
    .filter(Boolean)
  const [verb, ...rest] = words
  // A request that does not start with a plain verb ("I need wood", "3 logs please", "mining iron") is quoted as
  // the player said it.
  const plainVerb =
    verb !== undefined &&
    /^[a-z]+$/i.test(verb) &&
    !NOT_VERBS.test(verb) &&
    (!/ing$/i.test(verb) || ING_VERBS.test(verb))
  if (!plainVerb) return `working on "${instruction.trim()}"`
  // Each later act too: "collect wood and mine stone" → "collecting wood and mining stone".
  const turned = rest.map((w, i) =>
    JOINS.has(rest[i - 1]?.toLowerCase() ?? '') && Object.hasOwn(VERBS, w.toLowerCase())
      ? gerund(w)
      : (TO_LISTENER.get(w.toLowerCase()) ?? w),
  )
  return [gerund(verb), ...turned].join(' ')
}

/** A task's name as chat says it: `do …` as the act, `come` and `follow` towards whoever asked, the rest as named. */
export function taskWords(task: { readonly name: string; readonly requestedBy: string }): string {
  const [head = '', ...rest] = task.name.split(' ')
  const tail = rest.join(' ')
  switch (head) {
    case 'do':
      return doingWords(tail)
    case 'constrain':
      return `learning the rule "${tail}"`
    case 'come':
      return `coming to ${task.requestedBy}`
    case 'follow':
      return `following ${task.requestedBy}`
    case 'give':
      return `giving ${task.requestedBy} ${itemsWords(tail)}`
    default:
      // `learning to craft a compass` is in words already; a reflex is "the eat reflex"; a law is the law's command.
      return rest[0] === 'reflex' && rest.length === 1 ? `the ${head} reflex` : task.name
  }
}

/** The answer to a request while another task holds the bot: what it is busy with, and how to free it. */
export function busyWords(running: { readonly name: string; readonly requestedBy: string }, prefix: string): string {
  return `busy with ${taskWords(running)}; say ${prefix}stop first`
}
