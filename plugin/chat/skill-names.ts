/**
 * Skills in a player's words, both ways: the bot says "crafting a wooden pickaxe" for craft.wooden_pickaxe, and a
 * player may say "wooden pickaxe" (or "craft a wooden pickaxe", or the symbol) back to `!skill`. The names a skill
 * answers to are what player-words.ts prints for it, so whatever the bot says in chat a player can say back.
 */
import type { SkillRecord } from '../store/record.js'
import { closestName } from '../vocabulary/closest-name.js'
import { actCommand, actWords, counted, itemsWords, singularWords } from '../vocabulary/player-words.js'
import { parseSymbol } from '../vocabulary/symbols.js'

/** What finding a skill needs of its record: its name, and the events that mean it succeeded. */
export type NamedSkill = Pick<SkillRecord, 'name' | 'successEvents'>

const FILLER = new Set(['a', 'an', 'the', 'some', 'skill', 'for', 'of', 'to', 'how'])

/** Lowercase words without articles, `_` or `.`: "the Wooden_Pickaxe" and "wooden pickaxe" read alike. */
function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_.]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !FILLER.has(w))
    .join(' ')
}

/** The act's names: its symbol, the act ("crafting a wooden pickaxe", "craft a wooden pickaxe") and its object. */
function actNames(name: string): string[] {
  const parsed = parseSymbol(name)
  if (!parsed) return [plain(name)]
  const { object } = parsed
  return [name, actWords(name), actCommand(name), singularWords(object), itemsWords(object)].map(plain)
}

/** What the skill brings about, named as items: "iron ingot" finds smelt.raw_iron, "cobblestone" mine.stone. */
function madeNames(skill: NamedSkill): string[] {
  return skill.successEvents.flatMap((event) => {
    const parsed = parseSymbol(event)
    return parsed?.verb === 'has' ? [singularWords(parsed.object), itemsWords(parsed.object)].map(plain) : []
  })
}

export type SkillLookup =
  | { readonly found: string }
  | { readonly several: readonly string[] }
  | { readonly none: true; readonly near?: string }

/**
 * The skill a player means by `said`: by its symbol or the act's words first, else by what it makes, else by part of
 * either ("log", "pickaxe"); several when the words fit more than one; else the closest name to a slip, if one is
 * close.
 */
export function findSkill(said: string, skills: readonly NamedSkill[]): SkillLookup {
  const exact = skills.find((s) => s.name === said.trim())
  if (exact) return { found: exact.name }
  const wanted = plain(said)
  const allNames = (s: NamedSkill) => [...actNames(s.name), ...madeNames(s)]
  // Part of a name ("log" for mining oak logs, "pickaxe"): every word said is a word of one of its names.
  const words = wanted.split(' ')
  const partOf = (s: NamedSkill) =>
    wanted !== '' && allNames(s).some((name) => words.every((w) => name.split(' ').includes(w)))
  const ways = [
    (s: NamedSkill) => actNames(s.name).includes(wanted),
    (s: NamedSkill) => madeNames(s).includes(wanted),
    partOf,
  ]
  for (const fits of ways) {
    const matches = skills.filter(fits).map((s) => s.name)
    if (matches.length === 1 && matches[0] !== undefined) return { found: matches[0] }
    if (matches.length > 1) return { several: matches }
  }
  const byName = new Map<string, string>()
  for (const skill of skills)
    for (const name of actNames(skill.name)) if (!byName.has(name)) byName.set(name, skill.name)
  const near = byName.get(closestName(wanted, byName.keys()) ?? '')
  return near === undefined ? { none: true } : { none: true, near }
}

/** The fewest words that find `name` among `skills`: "wooden pickaxe", else "craft a wooden pickaxe", else the symbol. */
export function shortestName(name: string, skills: readonly NamedSkill[]): string {
  const object = parseSymbol(name)?.object
  const tries = object === undefined ? [] : [singularWords(object), actCommand(name)]
  return (
    tries.find((words) => {
      const lookup = findSkill(words, skills)
      return 'found' in lookup && lookup.found === name
    }) ?? name
  )
}

/** The reply when no skill goes by what was said after `command` (`!skill`, `!wrong`): a command that finds it. */
export function noSkillLine(unfound: {
  readonly command: string
  readonly said: string
  readonly lookup: Exclude<SkillLookup, { found: string }>
  readonly skills: readonly NamedSkill[]
  readonly verbose: boolean
  /** What else the command takes, with the command that lists it: `or rule`, `!constraints`. */
  readonly orElse?: { readonly kind: string; readonly list: string }
}): string {
  const { command, said, lookup, skills, verbose, orElse } = unfound
  if ('several' in lookup) {
    const which = lookup.several.map((s) => `${command} ${verbose ? s : actCommand(s)}`)
    return `"${said}" fits ${counted(which.length, 'skill')}: say ${which.slice(0, -1).join(', ')} or ${which.at(-1)}`
  }
  const { near } = lookup
  const guess = near ? `; did you mean ${command} ${verbose ? near : shortestName(near, skills)}?` : ''
  const prefix = command.slice(0, command.search(/\w/))
  const lists = `${prefix}skills${orElse ? ` and ${orElse.list}` : ''}`
  return verbose
    ? `no skill${orElse ? ` or ${orElse.kind}` : ''} ${said}${guess}; say ${lists}`
    : `I know no skill${orElse ? ` or ${orElse.kind}` : ''} called "${said}"${guess || `; ${lists} ${orElse ? 'list' : 'lists'} them`}`
}

/** Who taught a skill, as a player would say it: "the recipe book", "the LLM", "your answers". */
export function teacherWords(teacher: string): string {
  if (teacher === 'recipe') return 'the recipe book'
  if (teacher.startsWith('llm')) return 'the LLM'
  if (teacher.startsWith('player')) return "a player's answers"
  return teacher
}

/** Where a skill came from: "shipped with me", "learned from the recipe book", "worked out from mining logs". */
export function provenanceWords(provenance: SkillRecord['provenance']): string {
  switch (provenance.path) {
    case 'seed':
      return 'shipped with me'
    case 'imported':
      return 'imported'
    case 'adapted':
      return provenance.from ? `worked out from ${actWords(provenance.from)}` : 'worked out from another skill'
    default:
      return `learned from ${teacherWords(provenance.teacher)}`
  }
}

/** The same, in a word, for a list: "shipped", "learned", "worked out", "imported". */
export function provenanceWord(path: SkillRecord['provenance']['path']): string {
  return path === 'seed' ? 'shipped' : path === 'adapted' ? 'worked out' : path
}
