import { binary, FALSE, type Formula, not, prop, TRUE, unary } from '../ltl/ast.js'
import { printLtl } from '../ltl/printer.js'
import { isActionSymbol, parseSymbol } from '../vocabulary/symbols.js'

/** A constraint phrase understood by the controlled-English grammar, as an LTLf formula over CEDAR words. */
export interface CompiledPhrase {
  readonly pattern: string
  readonly formula: Formula
  readonly ltl: string
}

const or = (formulas: Formula[]): Formula =>
  formulas.length === 0 ? FALSE : formulas.reduce((a, b) => binary('or', a, b))
const G = (f: Formula): Formula => unary('always', f)
const implies = (a: Formula, b: Formula): Formula => binary('implies', a, b)
const weakUntil = (a: Formula, b: Formula): Formula => binary('weakUntil', a, b)
const until = (a: Formula, b: Formula): Formula => binary('until', a, b)

const VERBS: Readonly<Record<string, string>> = {
  mine: 'mine',
  dig: 'mine',
  break: 'mine',
  collect: 'mine',
  gather: 'mine',
  craft: 'craft',
  make: 'craft',
  build: 'craft',
  smelt: 'smelt',
  place: 'place',
  kill: 'kill',
  fight: 'kill',
  attack: 'kill',
  hunt: 'kill',
  eat: 'eat',
  explore: 'explore',
  sleep: 'sleep',
}

/**
 * Compiles a constraint phrase to LTLf over the symbols of its alphabet, for the phrase teacher. Words are CEDAR
 * words: action symbols and edge-triggered events (`time.night` when night starts, `time.day` when day starts,
 * `biome.X` on entering X). The forms understood:
 * - "sleep at night" → G(time.night → (¬A U (sleep.bed ∨ time.day))): after nightfall, no other action until the bot
 *   sleeps; a night it could not sleep (no bed) is over at daybreak, and the day's work goes on;
 * - "only X at night" → G(time.day → (¬X W time.night)); "only X by day" → G(time.night → (¬X W time.day));
 * - "never X" / "don't X" → G ¬X; "don't X at night|by day" → the opposite of "only";
 * - "stay in (the) B" → G ¬(other biomes of the alphabet); "avoid B" → G ¬biome.B.
 * X is the alphabet's actions with the phrase's verb (mine, craft, kill, ...), or all its actions but sleeping.
 * Returns undefined for a phrase outside the grammar.
 */
export function compilePhrase(text: string, alphabet: readonly string[]): CompiledPhrase | undefined {
  const phrase = text
    .toLowerCase()
    .replace(/[.!]+$/, '')
    .trim()
  const actions = alphabet.filter(isActionSymbol)
  const verbOf = (words: string) => {
    const tokens = words.split(/\s+/)
    const verb = tokens.map((w) => VERBS[w]).find((v) => v !== undefined)
    let chosen = verb ? actions.filter((a) => parseSymbol(a)?.verb === verb) : []
    if (chosen.length === 0) chosen = actions.filter((a) => !a.startsWith('sleep.'))
    // "kill creepers": narrow to the actions whose object the phrase names, when it names one; "birch logs" names
    // birch_log whole, so oak_log, which only "logs" names, is not among them ("logs" alone names both).
    const objectOf = (a: string) => parseSymbol(a)?.object ?? ''
    const named = chosen.filter((a) => tokens.some((t) => namesObject(t, objectOf(a))))
    const whole = named.filter((a) => namesWhole(tokens, objectOf(a)))
    return or((whole.length > 0 ? whole : named.length > 0 ? named : chosen).map(prop))
  }
  const done = (pattern: string, formula: Formula): CompiledPhrase => ({ pattern, formula, ltl: printLtl(formula) })
  const night = prop('time.night')
  const day = prop('time.day')

  if (
    /\b(sleep|go to bed|rest)\b.*\b(at|every|each|when it is|when it's|by)?\s*night/.test(phrase) &&
    !/never|don't|do not/.test(phrase)
  ) {
    const others = actions.filter((a) => !a.startsWith('sleep.'))
    const nightOver = alphabet.includes('time.day') ? [prop('sleep.bed'), day] : [prop('sleep.bed')]
    return done('sleep at night', G(implies(night, until(not(or(others.map(prop))), or(nightOver)))))
  }
  let match =
    /^only (.+?) (?:at|during the|by) (night|day|daytime|nighttime)$/.exec(phrase) ??
    /^(.+?) only (?:at|during the|by) (night|day|daytime|nighttime)$/.exec(phrase)
  if (match) {
    const what = verbOf(match[1] ?? '')
    const atNight = (match[2] ?? '').startsWith('night')
    return done(
      atNight ? 'only X at night' : 'only X by day',
      atNight ? G(implies(day, weakUntil(not(what), night))) : G(implies(night, weakUntil(not(what), day))),
    )
  }
  match =
    /^(?:never|don't|do not|dont) (.+?)(?: (?:at|during the|by|when it is|when it's|while it is) (night|day|daytime|nighttime))?$/.exec(
      phrase,
    )
  if (match) {
    const what = verbOf(match[1] ?? '')
    if (!match[2]) return done('never X', G(not(what)))
    const atNight = match[2].startsWith('night')
    return done(
      atNight ? "don't X at night" : "don't X by day",
      atNight ? G(implies(night, weakUntil(not(what), day))) : G(implies(day, weakUntil(not(what), night))),
    )
  }
  match = /^(?:stay|remain|keep) (?:in|inside|within) (?:the )?(.+)$/.exec(phrase)
  if (match) {
    const biome = biomeSymbol(match[1] ?? '', alphabet)
    const others = alphabet.filter((s) => s.startsWith('biome.') && s !== biome)
    return done('stay in B', others.length > 0 ? G(not(or(others.map(prop)))) : TRUE)
  }
  match = /^(?:avoid|stay out of|keep out of|never enter|don't enter|do not enter) (?:the )?(.+)$/.exec(phrase)
  if (match) {
    const biome = biomeSymbol(match[1] ?? '', alphabet)
    return biome ? done('avoid B', G(not(prop(biome)))) : undefined
  }
  return undefined
}

const singularOf = (word: string): string => word.replace(/ies$/, 'y').replace(/(?<!s)s$/, '')

/** Does a phrase word name an object ("creepers" names creeper, "iron" names iron_ore)? */
/** "minerals" and "ores" name every ore, deepslate variants too; other words name objects with that word. */
function namesObject(word: string, object: string): boolean {
  const singular = singularOf(word)
  if (singular === 'mineral' || singular === 'ore') return object.endsWith('_ore')
  return object === singular || object.split('_').includes(singular)
}

/** Do the phrase's words name every part of the object ("birch logs": birch_log; "logs" alone names no log whole)? */
function namesWhole(words: readonly string[], object: string): boolean {
  const singulars = words.map(singularOf)
  return object.split('_').every((part) => singulars.includes(part))
}

/** The alphabet's biome symbol a phrase names ("windswept forest" → biome.windswept_forest). */
function biomeSymbol(words: string, alphabet: readonly string[]): string | undefined {
  const wanted = `biome.${words.trim().replace(/\s+/g, '_')}`
  return (
    alphabet.find((s) => s === wanted) ?? alphabet.find((s) => s.startsWith('biome.') && wanted.includes(s.slice(6)))
  )
}
