import { costsText, describeStuck, type TaskVerdict, UnknownGoalError } from '../agent/index.js'
import { countGiven, goalItems, wantsHandOver } from '../grounding/hand-over.js'
import type { LearningEvent } from '../learning/ports.js'
import type { RecordStore } from '../store/record-store.js'
import type { QuestionAbout } from '../teachers/player-teacher.js'
import { lawWords } from '../vocabulary/law-words.js'
import { counted, inPlayerWords } from '../vocabulary/player-words.js'
import { spokenWord } from '../vocabulary/spoken-words.js'
import { runAsTask, type TaskReply, withProgressEvents } from './chat-tasks.js'
import type { CommandContext } from './command.js'
import { defineCommand, param } from './command.js'
import { correctionReply, learnedAgain } from './correction-replies.js'
import { blockedHint, progressReporter, vettingText } from './do-progress.js'
import { doneLine, heldOf, killedWords } from './done-lines.js'
import { giveGoalItems } from './hand-over-commands.js'
import { unreadableLine } from './refusals.js'
import type { CommandRegistry } from './registry.js'
import { actNumbers, actsCorrectionText, registerRunCorrections } from './run-corrections.js'
import { askerPosition, comeBack, PLAYER_WORDS, plainFailure, RunProgress, searchedInVain } from './run-progress.js'
import { alphabetCommand, learnCommand, skillCommand, skillsCommand } from './skill-store-commands.js'
import { verboseReply } from './verbose-flag.js'

/** How many items a hand-over after the run gives: all the bot holds of the goal's kinds, or what the goal asked. */
function handedCount(context: CommandContext, goal: readonly string[], all: boolean): number {
  return goalItems(goal).reduce((n, { item, count }) => n + (all ? heldOf(context.bot, item).total : count), 0)
}

function refusedReply(reason: string): TaskReply {
  return { reply: `refused: ${reason}`, verdict: { status: 'refused', reason } }
}

const doCommand = defineCommand({
  name: 'do',
  summary: 'follow an instruction, keeping its constraints: "collect a diamond but sleep at night"',
  details: 'add --verbose to hear it in my own terms: symbols, automata sizes, what each teacher was asked',
  params: [param.text('instruction', { description: 'what to do, and the rules to keep while doing it' })],
  run: (context, { instruction: line }) => {
    const { text: instruction, verbose } = verboseReply(context, line)
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
        ask: (question: string, about: QuestionAbout, asking?: AbortSignal) =>
          context.cedar.ask(context.username, question, answerTimeoutMs, asking, about),
        tell: context.reply,
      }
      const report = await context.cedar.agent
        .do(instruction, { signal, onProgress: progress.start().onProgress, owner })
        // A request it cannot do is refused in one line of its own (not "!do failed"): nothing ran.
        .catch((error: unknown) => {
          if (error instanceof UnknownGoalError) return unreadableLine(instruction, error.message, prefix)
          throw error
        })
        .finally(() => progress.stop())
      if (typeof report === 'string') return { reply: report, verdict: { status: 'refused', reason: report } }
      if (report.refusal) return refusedReply(say(report.refusal))
      const result = report.result
      if (!result) return { reply: 'nothing ran', verdict: { status: 'refused', reason: 'nothing ran' } }
      if (result.outcome === 'goal') {
        const done = doneLine(context.bot, report.goal, result, verbose, report.killed)
        if (!wantsHandOver(instruction)) return done
        const all = !countGiven(instruction)
        context.reply(`${done}; bringing ${handedCount(context, report.goal, all) === 1 ? 'it' : 'them'} to you`)
        return giveGoalItems(context, report.goal, signal, all)
      }
      // Whose fault a miss was: a skill's or the world's when the run got stuck (a search in vain says what it
      // searched already), the world's when it changed under the run, else perhaps the plan's (the player may say so).
      // A run the laws stopped kept them: what can change is the laws, not the plan.
      const blocked = result.outcome === 'blocked' ? blockedHint(result.steps, prefix) : undefined
      const hint = blocked ?? `say ${prefix}wrong if the plan itself was wrong`
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
  // Each example is a word of symbols, a step each: "getting hungry, then mining stone".
  const forbids =
    added.forbids.length > 0 ? `; it forbids e.g. ${added.forbids.map((w) => spokenWord(w.split(' '))).join('; ')}` : ''
  return `${head}, learned from your ${counted(added.questions ?? 0, 'answer')}${forbids}`
}

const constrainCommand = defineCommand({
  name: 'constrain',
  summary: 'add a rule every later !do keeps: "never mine oak logs", "sleep at night", "stay in the forest"',
  details:
    'a rule I cannot read (and no LLM) I learn from your answers: yes/no questions, answered with !yes, !no or !skip',
  params: [param.text('phrase', { description: 'the rule, in plain words' })],
  run: (context, typed) => {
    const { text: phrase, verbose } = verboseReply(context, typed.phrase)
    return runAsTask(context, `constrain ${phrase}`, async (signal) => {
      const { teaching } = context.cedar.options
      const player = {
        verbose,
        name: context.username,
        ask: (question: string, timeoutMs: number, asking?: AbortSignal, about?: QuestionAbout) =>
          context.cedar.ask(context.username, question, timeoutMs, asking, about),
        tell: context.reply,
        budget: teaching.questionBudget,
        timeoutMs: teaching.answerTimeoutMs,
        askWhenUncertain: teaching.askWhenUncertain,
        onEvent: (event: LearningEvent) => context.bot.emit('cedarLearning', `constraint ${phrase}`, event),
      }
      const added = await context.cedar.agent.constrain(phrase, { signal, player })
      if (!verbose) return constrainedWords(added)
      const cost = added.costs ? `; ${costsText(added.costs)}` : ''
      const fallback = added.fallback ? ` — the LLM could not: ${added.fallback}` : ''
      const head = `constraint ${added.id}: "${added.phrase}"${added.ltl ? ` = ${added.ltl}` : ''}`
      if (!added.teacher?.startsWith('player:')) {
        const asked = added.questions
          ? `; you answered ${counted(added.questions, 'word')} its answers left uncertain`
          : ''
        return `${head} (${added.states} states${cost})${fallback}${asked}${vettingText(added.vetting)}`
      }
      const forbids = added.forbids.length > 0 ? `it forbids e.g. ${added.forbids.join('; ')}` : 'it forbids nothing'
      const spent = added.budgetSpent ? ', the question budget ran out, so this is what your answers settled' : ''
      return `${head} learned from your ${added.questions ?? 0} answers (${added.states} states over ${added.alphabet.join(' ')}${spent}): ${forbids}`
    })
  },
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

const ceCommand = (store: RecordStore) =>
  defineCommand({
    name: 'ce',
    summary: 'teach a skill or a rule: this word is (accept) or is not (reject) a way to do it, or OK under the rule',
    details:
      "e.g. !ce reject mine.logs craft.planks — for the last run; or the last run's acts by number (!wrong list numbers them): !ce reject 1-4 6 is the run with act 5 left out; name a rule first: !ce reject eat-when-hungry food.low mine.stone. It is learned again at once; a new symbol grows its alphabet; --verbose: the automaton's size",
    params: [
      param.word('label', { choices: ['accept', 'reject'], description: 'accept or reject' }),
      param.text('word', {
        description: 'a rule id (optional), then symbols separated by spaces, or act numbers of the last run (1-4 6)',
      }),
    ],
    run: async (context, { label, word: line }) => {
      const { cedar } = context
      const { text: word, verbose } = verboseReply(context, line)
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
            ? `noted: ${actsCorrectionText(tokens.join(' '), labelled, accept)} — ${learnedAgain(record, verbose)}`
            : learnedAgain(record, verbose, true),
        verbose,
      )
    },
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
