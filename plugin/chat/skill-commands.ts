import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { costsText, describeStuck, TaskCancelledError, type TaskVerdict, UnknownGoalError } from '../agent/index.js'
import { parseDfaJson } from '../automata/json.js'
import { renderSvg } from '../automata/svg.js'
import type { DoProgress } from '../cedar-reports.js'
import { makeDirectory } from '../config/make-directory.js'
import { countGiven, wantsHandOver } from '../grounding/hand-over.js'
import type { LearningEvent } from '../learning/ports.js'
import type { RecordStore } from '../store/record-store.js'
import { lawWords } from '../vocabulary/law-words.js'
import { counted, inPlayerWords } from '../vocabulary/player-words.js'
import type { CommandContext } from './command.js'
import { defineCommand, param } from './command.js'
import { correctionReply, relearnedShape } from './correction-replies.js'
import { progressReporter, vettingText } from './do-progress.js'
import { doneLine, killedWords } from './done-lines.js'
import { giveGoalItems } from './hand-over-commands.js'
import { pageOf } from './pages.js'
import { unreadableLine } from './refusals.js'
import type { CommandRegistry } from './registry.js'
import { actNumbers, actsCorrectionText, registerRunCorrections } from './run-corrections.js'
import { askerPosition, comeBack, PLAYER_WORDS, plainFailure, RunProgress, searchedInVain } from './run-progress.js'

/** Progress that also tells code listening on the bot (`cedarProgress`, and `cedarLearning` for what is learned). */
function withProgressEvents(context: CommandContext, report: (p: DoProgress) => void): (p: DoProgress) => void {
  return (p) => {
    if (p.type === 'learning') context.bot.emit('cedarLearning', p.skill, p.event)
    context.bot.emit('cedarProgress', p)
    report(p)
  }
}

/** A task's reply, and how it went when that is not simply done (for `cedarTaskEnd`). */
type TaskReply = string | { readonly reply: string; readonly verdict: TaskVerdict }

async function runAsTask(context: CommandContext, name: string, work: (signal: AbortSignal) => Promise<TaskReply>) {
  const running = context.cedar.tasks.current
  if (running) return `busy with ${running.name}; say ${context.cedar.options.prefix}stop first`
  try {
    const result = await context.cedar.tasks.run(name, context.username, work, (r) =>
      typeof r === 'string' ? { status: 'done' } : r.verdict,
    )
    return typeof result === 'string' ? result : result.reply
  } catch (error) {
    if (error instanceof TaskCancelledError) return undefined
    throw error
  }
}

function refusedReply(reason: string): TaskReply {
  return { reply: `refused: ${reason}`, verdict: { status: 'refused', reason } }
}

/** `--verbose` anywhere among the words of a `!do`: the instruction without it, and whether it was there. */
function verboseFlag(instruction: string): { instruction: string; verbose: boolean } {
  const words = instruction.split(/\s+/)
  const kept = words.filter((w) => w !== '--verbose')
  return { instruction: kept.join(' ').trim(), verbose: kept.length < words.length }
}

const doCommand = defineCommand({
  name: 'do',
  summary: 'follow an instruction, keeping its constraints: "collect a diamond but sleep at night"',
  details: 'add --verbose to hear it in my own terms: symbols, automata sizes, what each teacher was asked',
  params: [param.text('instruction', { description: 'what to do, and the rules to keep while doing it' })],
  run: (context, { instruction: line }) => {
    const { instruction, verbose: asked } = verboseFlag(line)
    const verbose = asked || context.cedar.options.verbose
    const prefix = context.cedar.options.prefix
    const log = (text: string) =>
      context.cedar.options.logger.info(`cedar: ${context.username}'s ${instruction}: ${text}`)
    // Lines built from the agent's reports name symbols; the player hears them in words, the log has both.
    const say = (text: string) => {
      if (!verbose) log(text)
      return verbose ? text : inPlayerWords(text)
    }
    const voice = { verbose, say: context.reply, log }
    return runAsTask(context, `do ${instruction}`, async (signal) => {
      const asker = askerPosition(context)
      const progress = new RunProgress(
        context.reply,
        (speak) => withProgressEvents(context, progressReporter({ ...voice, say: speak })),
        Date.now,
        verbose ? undefined : PLAYER_WORDS,
      )
      const { answerTimeoutMs } = context.cedar.options.teaching
      const owner = {
        ask: (question: string, _about: unknown, asking?: AbortSignal) =>
          context.cedar.ask(context.username, question, answerTimeoutMs, asking),
        tell: context.reply,
      }
      const report = await context.cedar.agent
        .do(instruction, { signal, onProgress: progress.start().onProgress, owner })
        .catch((error: unknown) => {
          if (error instanceof UnknownGoalError) {
            throw new UnknownGoalError(unreadableLine(instruction, error.message, prefix))
          }
          throw error
        })
        .finally(() => progress.stop())
      if (report.refusal) return refusedReply(say(report.refusal))
      const result = report.result
      if (!result) return { reply: 'nothing ran', verdict: { status: 'refused', reason: 'nothing ran' } }
      if (result.outcome === 'goal') {
        const done = doneLine(context.bot, report.goal, result, verbose, report.killed)
        if (!wantsHandOver(instruction)) return done
        const all = !countGiven(instruction)
        context.reply(`${done}; bringing ${all ? 'them' : 'it'} to you`)
        return giveGoalItems(context, report.goal, signal, all)
      }
      // Whose fault a miss was: a skill's or the world's when the run got stuck (a search in vain says what it
      // searched already), the world's when it changed under the run, else perhaps the plan's (the player may say so).
      const hint = `say ${prefix}wrong if the plan itself was wrong`
      const searched = searchedInVain(result)
      const stuck = report.stuck && !(searched && report.stuck.kind === 'world') ? report.stuck : undefined
      const why = stuck ? describeStuck(stuck) : (report.worldFault ?? hint)
      const failure = plainFailure(result, verbose ? undefined : PLAYER_WORDS)
      const verdict: TaskVerdict = { status: 'failed', reason: `${result.outcome}: ${failure}; ${why}` }
      // What was done before the run stopped: a hunt that ran out of zombies says how many it killed.
      const hunted = killedWords(report.killed)
      const head = verbose ? `not done (${result.outcome})` : 'not done'
      const told = hunted ? `${hunted}, but ${failure}` : failure
      if (!searched) return { reply: say(`${head}: ${told}; ${why}`), verdict }
      context.reply(say(`${head}: ${told}; I'm coming back to you (${why})`))
      return { reply: await comeBack(context, asker, signal), verdict }
    })
  },
})

/** `!constrain`'s answer in a player's words: the rule, how it was read, and what the player's answers settled. */
function constrainedWords(added: Awaited<ReturnType<CommandContext['cedar']['agent']['constrain']>>): string {
  const read = added.ltl ? ` (${lawWords(added.ltl)})` : ''
  const head = `I will keep "${added.phrase}"${read} in every run from now on (${added.id})`
  if (!added.teacher?.startsWith('player:')) return head
  const forbids = added.forbids.length > 0 ? `; it forbids e.g. ${inPlayerWords(added.forbids.join('; '))}` : ''
  return `${head}, learned from your ${counted(added.questions ?? 0, 'answer')}${forbids}`
}

const constrainCommand = defineCommand({
  name: 'constrain',
  summary: 'add a rule every later !do keeps: "never mine oak_log", "sleep at night", "stay in the forest"',
  details:
    'a rule I cannot read (and no LLM) I learn from your answers: yes/no questions, answered with !yes, !no or !skip',
  params: [param.text('phrase', { description: 'the rule, in plain words' })],
  run: (context, { phrase }) =>
    runAsTask(context, `constrain ${phrase}`, async (signal) => {
      const { teaching } = context.cedar.options
      const player = {
        name: context.username,
        ask: (question: string, timeoutMs: number, asking?: AbortSignal) =>
          context.cedar.ask(context.username, question, timeoutMs, asking),
        tell: context.reply,
        budget: teaching.questionBudget,
        timeoutMs: teaching.answerTimeoutMs,
        askWhenUncertain: teaching.askWhenUncertain,
        onEvent: (event: LearningEvent) => context.bot.emit('cedarLearning', `constraint ${phrase}`, event),
      }
      const added = await context.cedar.agent.constrain(phrase, { signal, player })
      if (!context.cedar.options.verbose) return constrainedWords(added)
      const cost = added.costs ? `; ${costsText(added.costs)}` : ''
      const fallback = added.fallback ? ` — the LLM could not: ${added.fallback}` : ''
      const head = `constraint ${added.id}: "${added.phrase}"${added.ltl ? ` = ${added.ltl}` : ''}`
      if (!added.teacher?.startsWith('player:')) {
        const asked = added.questions ? `; you answered ${added.questions} word(s) its answers left uncertain` : ''
        return `${head} (${added.states} states${cost})${fallback}${asked}${vettingText(added.vetting)}`
      }
      const forbids = added.forbids.length > 0 ? `it forbids e.g. ${added.forbids.join('; ')}` : 'it forbids nothing'
      const spent = added.budgetSpent ? ', the question budget ran out, so this is what your answers settled' : ''
      return `${head} learned from your ${added.questions ?? 0} answers (${added.states} states over ${added.alphabet.join(' ')}${spent}): ${forbids}`
    }),
})

const constraintsCommand = defineCommand({
  name: 'constraints',
  summary: 'the rules in force',
  params: [],
  run: async ({ cedar }) => {
    const all = await cedar.agent.constraints()
    const elsewhere = await cedar.agent.constraintsElsewhere()
    const lines =
      all.length === 0
        ? [`no constraints; add one with ${cedar.options.prefix}constrain <rule>`]
        : all.map((c) => {
            const read = c.ltl ? (cedar.options.verbose ? ` = ${c.ltl}` : `: ${lawWords(c.ltl)}`) : ''
            return `${c.id}: "${c.phrase}"${read}${c.where ? ` (from ${c.where})` : ''}`
          })
    if (elsewhere.length > 0) {
      const ids = elsewhere.map((c) => (c.worlds.length === 0 ? `${c.id} (from before worlds were apart)` : c.id))
      lines.push(
        `not applied here, taught in other worlds: ${ids.join(', ')}; ${cedar.options.prefix}share <id> applies one in every world`,
      )
    }
    return lines.join('\n')
  },
})

const shareCommand = defineCommand({
  name: 'share',
  summary: 'make a standing constraint apply in every world, not only where it was taught',
  params: [param.word('id', { description: 'the id !constraints shows' })],
  run: async ({ cedar }, { id }) => {
    const shared = await cedar.agent.share(id)
    return shared
      ? `${id} now stands in every world: "${shared.phrase}"`
      : `no constraint ${id}; say ${cedar.options.prefix}constraints`
  },
})

const unconstrainCommand = defineCommand({
  name: 'unconstrain',
  summary: 'drop a rule',
  params: [param.word('id', { description: 'the id !constraints shows' })],
  run: async ({ cedar }, { id }) =>
    (await cedar.agent.unconstrain(id))
      ? `dropped ${id}`
      : `no constraint ${id}; say ${cedar.options.prefix}constraints`,
})

/** Skills named on one page: about two chat lines' worth. */
const SKILLS_PER_PAGE = 8

const skillsCommand = (store: RecordStore) =>
  defineCommand({
    name: 'skills',
    summary: 'the skills in the store (the shipped seeds and what was learned)',
    params: [param.int('page', { optional: true, description: 'which page of a long list (default 1)' })],
    run: async ({ cedar }, { page }) => {
      const { records, problems } = await store.load()
      const skills = records.filter((r) => r.kind === 'skill')
      const shown = pageOf(skills, page, SKILLS_PER_PAGE, `${cedar.options.prefix}skills`)
      const lines = [
        skills.length === 0
          ? `no skills yet; ${cedar.options.prefix}do something to learn one`
          : `skills: ${shown.items.map((s) => `${s.name} (${s.provenance.path})`).join(', ')}`,
        ...(shown.footer ? [shown.footer] : []),
      ]
      if (problems.length > 0)
        lines.push(`${problems.length} store file(s) set aside: ${problems.map((p) => p.file).join(', ')}`)
      return lines.join('\n')
    },
  })

const skillCommand = (store: RecordStore) =>
  defineCommand({
    name: 'skill',
    summary: 'one skill: alphabet, states, evidence, provenance; --svg writes its picture into the store',
    params: [
      param.word('name', { description: 'e.g. craft.wooden_pickaxe' }),
      param.word('option', { optional: true, choices: ['--svg'], description: '--svg to draw it' }),
    ],
    run: async ({ cedar }, { name, option }) => {
      const record = await store.get('skill', name)
      if (!record) return `no skill ${name}; say ${cedar.options.prefix}skills`
      const dfa = parseDfaJson(record.dfa)
      const gold = record.evidence.filter((e) => e.gold).length
      const lines = [
        `${record.name} v${record.version}: ${dfa.stateCount} states over ${record.alphabet.join(' ')}`,
        `goal ${record.successEvents.join(', ')}; needs ${record.prerequisites.join(', ') || 'nothing first'}; evidence ${record.evidence.length} words (${gold} gold); ${record.provenance.path} by ${record.provenance.teacher}, ${record.provenance.membershipQueries} questions`,
      ]
      if (option === '--svg') {
        const file = path.join(store.dir, `${record.name}.svg`)
        // A database store's local directory is made on first use.
        await makeDirectory(store.dir)
        await writeFile(file, await renderSvg(dfa))
        lines.push(`picture: ${file}`)
      }
      return lines.join('\n')
    },
  })

const ceCommand = (store: RecordStore) =>
  defineCommand({
    name: 'ce',
    summary: 'teach a skill or a rule: this word is (accept) or is not (reject) a way to do it, or OK under the rule',
    details:
      "e.g. !ce reject mine.logs craft.planks — for the last run; or the last run's acts by number (!wrong list numbers them): !ce reject 1-4 6 is the run with act 5 left out; name a rule first: !ce reject eat-when-hungry food.low mine.stone. It is learned again at once; a new symbol grows its alphabet",
    params: [
      param.word('label', { choices: ['accept', 'reject'], description: 'accept or reject' }),
      param.text('word', {
        description: 'a rule id (optional), then symbols separated by spaces, or act numbers of the last run (1-4 6)',
      }),
    ],
    run: async ({ cedar }, { label, word }) => {
      const tokens = word.split(/\s+/).filter(Boolean)
      // Rule ids have no dots and symbols always do: a first token without one (and not an act number) names the rule.
      const first = tokens[0] ?? ''
      const name = tokens.length > 1 && !first.includes('.') && !actNumbers([first]) ? tokens.shift() : undefined
      const acts = actNumbers(tokens)
      const accept = label === 'accept'
      let labelled: readonly string[] = tokens
      return correctionReply(
        store,
        () => {
          if (acts) labelled = cedar.agent.lastRunWord(acts)
          return cedar.agent.counterexample(labelled, accept, name)
        },
        (record) =>
          acts
            ? `noted: ${actsCorrectionText(tokens.join(' '), labelled, accept)} — ${record.name} v${record.version} learned again (${relearnedShape(record)})`
            : `${record.name} v${record.version} learned again with it (${relearnedShape(record)})`,
      )
    },
  })

const alphabetCommand = defineCommand({
  name: 'alphabet',
  summary: 'how I read an instruction: its goal and constraint parts and their symbols',
  params: [param.text('instruction', { description: 'an instruction, as for !do' })],
  run: async ({ cedar }, { instruction }) => {
    const grounded = await cedar.agent.ground(instruction)
    const parts = [
      ...grounded.goals.map((g) => `goal "${g.text}": ${g.alphabet.join(' ') || '(no symbols)'}`),
      ...grounded.constraints.map((c) => `constraint "${c.text}": ${c.alphabet.join(' ') || '(no symbols)'}`),
    ]
    return parts.join('\n') || 'I found no goal or constraint in that'
  },
})

const learnCommand = defineCommand({
  name: 'learn',
  summary: 'learn a skill (and what it needs first) without running it',
  params: [
    param.word('verb', { choices: ['craft', 'mine', 'smelt'], description: 'craft, mine or smelt' }),
    param.word('object', { description: 'e.g. iron_pickaxe, diamond_ore' }),
    param.word('teacher', {
      optional: true,
      choices: ['--llm', '--recipe'],
      description: '--llm: the LLM answers the questions (execution still checks); --recipe: the recipe book',
    }),
  ],
  run: (context, { verb, object, teacher }) =>
    runAsTask(context, `learn ${verb}.${object}`, async (signal) => {
      // Only the learning is reported as it goes: the skills are listed at the end.
      const onProgress = withProgressEvents(context, () => {})
      const choice = teacher === '--llm' ? 'llm' : teacher === '--recipe' ? 'recipe' : undefined
      const skills = await context.cedar.agent.learn(verb, object, {
        signal,
        onProgress,
        ...(choice ? { teacher: choice } : {}),
      })
      return skills
        .map(
          (s) =>
            `${s.name}: ${s.path} (${s.membershipQueries} questions${s.path === 'reused' ? '' : ` from ${s.teacher}`}, ${s.states} states)`,
        )
        .join('\n')
    }),
})

/** The skill and constraint commands (issue #8's chat face). */
export function registerSkillCommands(registry: CommandRegistry, store: RecordStore): void {
  registry.register(doCommand)
  registry.register(constrainCommand)
  registry.register(constraintsCommand)
  registry.register(unconstrainCommand)
  registry.register(shareCommand)
  registry.register(skillsCommand(store))
  registry.register(skillCommand(store))
  registry.register(ceCommand(store))
  registerRunCorrections(registry, store)
  registry.register(alphabetCommand)
  registry.register(learnCommand)
}
