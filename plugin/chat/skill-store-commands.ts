/**
 * What the bot knows, asked in chat: `!skills`, `!skill <name>`, `!learn`, `!alphabet`. Players hear acts and items
 * in their words ("crafting a wooden pickaxe", "3 oak logs"); `--verbose` (or the `verbose` option) gives the
 * symbols, automata sizes and teacher statistics instead.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { UnknownGoalError } from '../agent/index.js'
import { parseDfaJson } from '../automata/json.js'
import { renderSvg } from '../automata/svg.js'
import type { SkillSummary } from '../cedar-reports.js'
import { makeDirectory } from '../config/make-directory.js'
import type { SkillRecord } from '../store/record.js'
import type { RecordStore } from '../store/record-store.js'
import { actCommand, actWords, counted, listWords, stateWords } from '../vocabulary/player-words.js'
import { isActionSymbol } from '../vocabulary/symbols.js'
import { runAsTask, type TaskReply, withProgressEvents } from './chat-tasks.js'
import { defineCommand, param } from './command.js'
import { pageOf } from './pages.js'
import { readProblem } from './refusals.js'
import { findSkill, noSkillLine, provenanceWord, provenanceWords, teacherWords } from './skill-names.js'
import { verboseReply } from './verbose-flag.js'

/** Skills named on one page: about two chat lines' worth. */
const SKILLS_PER_PAGE = 8

/** Each symbol once, in a player's words: "an oak log, mining logs and crafting a stick". */
function symbolsWords(symbols: readonly string[]): string {
  return listWords([...new Set(symbols.map(stateWords))])
}

export const skillsCommand = (store: RecordStore) =>
  defineCommand({
    name: 'skills',
    summary: 'the skills in the store (the shipped seeds and what was learned)',
    details: 'add --verbose for their symbols',
    params: [param.text('page', { optional: true, description: 'which page of a long list (default 1)' })],
    run: async (context, { page: asked }) => {
      const { prefix } = context.cedar.options
      const { text, verbose } = verboseReply(context, asked)
      if (text !== '' && !/^\d+$/.test(text)) return `the page is a number: say ${prefix}skills 1, not "${text}"`
      const { records, problems } = await store.load()
      const skills = records.filter((r) => r.kind === 'skill')
      const shown = pageOf(skills, text === '' ? undefined : Number(text), SKILLS_PER_PAGE, `${prefix}skills`, 'skills')
      if ('noSuchPage' in shown)
        return skills.length === 0 ? `no skills yet; ${prefix}do something to learn one` : shown.noSuchPage
      const named = (s: SkillRecord) =>
        verbose ? `${s.name} (${s.provenance.path})` : `${actWords(s.name)} (${provenanceWord(s.provenance.path)})`
      const lines = [
        skills.length === 0
          ? `no skills yet; ${prefix}do something to learn one`
          : `skills: ${shown.items.map(named).join(', ')}`,
        ...(shown.footer ? [shown.footer] : []),
      ]
      if (problems.length > 0)
        lines.push(`${counted(problems.length, 'store file')} set aside: ${problems.map((p) => p.file).join(', ')}`)
      return lines.join('\n')
    },
  })

/** One skill in the bot's own terms: alphabet, states, evidence, provenance. */
function skillInOwnTerms(record: SkillRecord): string[] {
  const dfa = parseDfaJson(record.dfa)
  const gold = record.evidence.filter((e) => e.gold).length
  return [
    `${record.name} v${record.version}: ${dfa.stateCount} states over ${record.alphabet.join(' ')}`,
    `goal ${record.successEvents.join(', ')}; needs ${record.prerequisites.join(', ') || 'nothing first'}; evidence ${record.evidence.length} words (${gold} gold); ${record.provenance.path} by ${record.provenance.teacher}, ${record.provenance.membershipQueries} questions`,
  ]
}

/** One skill as a player reads it: what it is done for, what it needs first, the acts it uses, and where it came from. */
function skillInWords(record: SkillRecord): string[] {
  const acts = record.alphabet.filter(isActionSymbol)
  const watched = record.alphabet.filter((s) => !isActionSymbol(s))
  const needs = record.prerequisites.map(actWords)
  const corrections = record.evidence.filter((e) => e.gold).length
  return [
    `${actWords(record.name)}, for ${symbolsWords(record.successEvents)}; it needs ${needs.length > 0 ? listWords(needs) : 'nothing'} first`,
    `it uses: ${symbolsWords(acts)}${watched.length > 0 ? `; it watches for ${symbolsWords(watched)}` : ''}`,
    `${provenanceWords(record.provenance)}${corrections > 0 ? `, with ${counted(corrections, 'correction')}` : ''}`,
  ]
}

export const skillCommand = (store: RecordStore) =>
  defineCommand({
    name: 'skill',
    summary:
      'one skill: what it is for, the acts it uses and where it came from; --svg writes its picture into the store',
    details:
      'name it as you would say it (!skill wooden pickaxe) or by its symbol; --verbose: alphabet, states, evidence',
    params: [
      param.text('name', { description: 'e.g. wooden pickaxe, or craft.wooden_pickaxe; then --svg, --verbose' }),
    ],
    run: async (context, { name: line }) => {
      const { text, verbose } = verboseReply(context, line)
      const words = text.split(' ')
      const svg = words.includes('--svg')
      const said = words.filter((w) => w !== '--svg').join(' ')
      const { records } = await store.load()
      const skills = records.filter((r) => r.kind === 'skill')
      const lookup = findSkill(said, skills)
      const unfound = { command: `${context.cedar.options.prefix}skill`, said, skills, verbose }
      if (!('found' in lookup)) return noSkillLine({ ...unfound, lookup })
      const record = skills.find((s) => s.name === lookup.found)
      if (!record) return noSkillLine({ ...unfound, lookup: { none: true } })
      const lines = verbose ? skillInOwnTerms(record) : skillInWords(record)
      if (svg) {
        const file = path.join(store.dir, `${record.name}.svg`)
        // A database store's local directory is made on first use.
        await makeDirectory(store.dir)
        await writeFile(file, await renderSvg(parseDfaJson(record.dfa)))
        lines.push(`picture: ${file}`)
      }
      return lines.join('\n')
    },
  })

/** What `!learn` did for one skill, as a player hears it: "I learned crafting a stick from the recipe book". */
function learnedWords(skill: SkillSummary): string {
  if (skill.path === 'reused') return `I knew ${actWords(skill.name)} already`
  if (skill.path === 'adapted' && skill.from) return `I worked out ${actWords(skill.name)} from ${actWords(skill.from)}`
  return `I learned ${actWords(skill.name)} from ${teacherWords(skill.teacher)}`
}

function learnedInOwnTerms(s: SkillSummary): string {
  return `${s.name}: ${s.path} (${s.membershipQueries} questions${s.path === 'reused' ? '' : ` from ${s.teacher}`}, ${s.states} states)`
}

const TEACHERS: Readonly<Record<string, 'llm' | 'recipe'>> = { '--llm': 'llm', '--recipe': 'recipe' }

export const learnCommand = defineCommand({
  name: 'learn',
  summary: 'learn a skill (and what it needs first) without running it',
  details: 'the object as you would say it: !learn craft wooden pickaxe; --verbose: symbols and teacher statistics',
  params: [
    param.word('verb', { choices: ['craft', 'mine', 'smelt'], description: 'craft, mine or smelt' }),
    param.text('object', {
      description:
        'e.g. iron pickaxe, diamond ore; then --llm (the LLM answers the questions, execution still checks), --recipe (the recipe book) or --verbose',
    }),
  ],
  run: (context, { verb, object: line }) => {
    const { text, verbose } = verboseReply(context, line)
    const words = text.split(' ')
    const isTeacher = (w: string) => Object.hasOwn(TEACHERS, w)
    const teacher = TEACHERS[words.find(isTeacher) ?? '']
    const object = words
      .filter((w) => !isTeacher(w))
      .join('_')
      .toLowerCase()
    if (object === '')
      return `what should I learn to ${verb}? e.g. ${context.cedar.options.prefix}learn craft wooden pickaxe`
    // !status and "busy with" name the task: in a player's words, whatever the verbosity of this reply.
    const act = actCommand(`${verb}.${object}`)
    return runAsTask(context, `learning to ${act}`, async (signal): Promise<TaskReply> => {
      // Only the learning is reported as it goes: the skills are listed at the end.
      const onProgress = withProgressEvents(context, () => {})
      const skills = await context.cedar.agent
        .learn(verb, object, { signal, onProgress, ...(teacher ? { teacher } : {}) })
        .catch((error: unknown) => {
          if (!(error instanceof UnknownGoalError) || verbose) throw error
          return error
        })
      if (skills instanceof UnknownGoalError) {
        // What cannot be learned is refused as !do refuses it ("oak logs have no recipe"); the ids stay in the log.
        context.cedar.options.logger.info(`cedar: ${context.username}'s !learn ${verb} ${object}: ${skills.message}`)
        const reply = `I cannot learn to ${act}: ${readProblem(`${verb} ${object}`, skills.message).cannot}`
        return { reply, verdict: { status: 'refused', reason: skills.message } }
      }
      return skills.map(verbose ? learnedInOwnTerms : learnedWords).join('\n')
    })
  },
})

export const alphabetCommand = defineCommand({
  name: 'alphabet',
  summary: 'how I read an instruction: its goal and the rules in it, and what each is about',
  details: 'add --verbose for their symbols',
  params: [param.text('instruction', { description: 'an instruction, as for !do' })],
  run: async (context, { instruction: line }) => {
    const { text: instruction, verbose } = verboseReply(context, line)
    const grounded = await context.cedar.agent.ground(instruction)
    const about = (alphabet: readonly string[]) =>
      verbose ? alphabet.join(' ') || '(no symbols)' : symbolsWords(alphabet) || 'nothing I know'
    const parts = [
      ...grounded.goals.map((g) => `goal "${g.text}": ${about(g.alphabet)}`),
      ...grounded.constraints.map((c) => `${verbose ? 'constraint' : 'rule'} "${c.text}": ${about(c.alphabet)}`),
    ]
    return parts.join('\n') || 'I found no goal or constraint in that'
  },
})
