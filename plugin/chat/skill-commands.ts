import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { AgentProgress } from '../agent/cedar-agent.js'
import { costsText } from '../agent/constraint-teaching.js'
import { TaskCancelledError } from '../agent/task-runner.js'
import { parseDfaJson } from '../automata/json.js'
import { renderSvg } from '../automata/svg.js'
import type { SkillStore } from '../store/skill-store.js'
import type { CommandContext } from './command.js'
import { defineCommand, param } from './command.js'
import type { CommandRegistry } from './registry.js'

/** While a run goes on, at most one progress line per this many actions (failures and blocks always). */
const STEP_REPORT_EVERY = 10

/** While a skill is learned, at most one line per this many milliseconds. */
const LEARNING_REPORT_MS = 10_000

/** Progress in chat without flooding: what was grounded, each skill's path and cost, the product, some steps. */
function progressReporter(reply: (text: string) => void, now = Date.now): (p: AgentProgress) => void {
  let steps = 0
  let asked = 0
  let lastLearningReport = now()
  return (p) => {
    switch (p.type) {
      case 'grounded': {
        const parts = [
          ...p.grounded.goals.map((g) => `goal "${g.text}" (${g.alphabet.length} symbols)`),
          ...p.grounded.constraints.map((c) => `constraint "${c.text}" (${c.alphabet.length} symbols)`),
        ]
        reply(`understood: ${parts.join('; ') || 'nothing'}`)
        return
      }
      case 'skill': {
        const s = p.skill
        const how =
          s.path === 'reused'
            ? 'reused from the store'
            : `${s.path}${s.from ? ` from ${s.from}` : ''} with ${s.membershipQueries} questions`
        reply(`skill ${s.name}: ${how} (${s.dfa.stateCount} states)`)
        return
      }
      case 'composed':
        reply(
          `plan: ${p.composition.productStates} states (skill ${p.composition.skillStates}${p.composition.constraintStates.map((c) => `, ${c.id} ${c.states}`).join('')})`,
        )
        return
      case 'step': {
        steps++
        const { step } = p
        if (!step.ok || steps % STEP_REPORT_EVERY === 0) {
          reply(`step ${steps}: ${step.action} ${step.ok ? 'ok' : `failed: ${step.message ?? ''}`}`)
        }
        return
      }
      case 'learning':
        if (p.event.type === 'queries') asked += p.event.newWords
        if (p.event.type === 'hypothesis' && now() - lastLearningReport >= LEARNING_REPORT_MS) {
          lastLearningReport = now()
          reply(`learning ${p.skill}: ${asked} questions so far, hypothesis of ${p.event.states} states`)
        }
        return
    }
  }
}

/** Progress that also tells code listening on the bot what is being learned (`cedarLearning`). */
function withLearningEvents(context: CommandContext, report: (p: AgentProgress) => void): (p: AgentProgress) => void {
  return (p) => {
    if (p.type === 'learning') context.bot.emit('cedarLearning', p.skill, p.event)
    report(p)
  }
}

async function runAsTask(context: CommandContext, name: string, work: (signal: AbortSignal) => Promise<string>) {
  const running = context.cedar.tasks.current
  if (running) return `busy with ${running.name}; say ${context.cedar.options.prefix}stop first`
  try {
    return await context.cedar.tasks.run(name, context.username, work)
  } catch (error) {
    if (error instanceof TaskCancelledError) return undefined
    throw error
  }
}

const doCommand = defineCommand({
  name: 'do',
  summary: 'follow an instruction, keeping its constraints: "collect a diamond but sleep at night"',
  params: [param.text('instruction', { description: 'what to do, and the rules to keep while doing it' })],
  run: (context, { instruction }) =>
    runAsTask(context, `do ${instruction}`, async (signal) => {
      const report = await context.cedar.agent.do(instruction, {
        signal,
        onProgress: withLearningEvents(context, progressReporter(context.reply)),
      })
      if (report.refusal) return `refused: ${report.refusal}`
      const result = report.result
      if (!result) return 'nothing ran'
      const actions = result.steps.length
      if (result.outcome === 'goal') return `done in ${actions} actions: ${result.message}`
      return `not done (${result.outcome}): ${result.message}; say ${context.cedar.options.prefix}wrong if the plan itself was wrong`
    }),
})

const constrainCommand = defineCommand({
  name: 'constrain',
  summary: 'add a rule every later !do keeps: "never mine oak_log", "sleep at night", "stay in the forest"',
  params: [param.text('phrase', { description: 'the rule, in plain words' })],
  run: (context, { phrase }) =>
    runAsTask(context, `constrain ${phrase}`, async (signal) => {
      const added = await context.cedar.agent.constrain(phrase, { signal })
      const cost = added.costs ? `; ${costsText(added.costs)}` : ''
      const fallback = added.fallback ? ` — the LLM could not: ${added.fallback}` : ''
      return `constraint ${added.id}: "${added.phrase}"${added.ltl ? ` = ${added.ltl}` : ''} (${added.states} states${cost})${fallback}`
    }),
})

const constraintsCommand = defineCommand({
  name: 'constraints',
  summary: 'the rules in force',
  params: [],
  run: async ({ cedar }) => {
    const all = await cedar.agent.constraints()
    if (all.length === 0) return `no constraints; add one with ${cedar.options.prefix}constrain <rule>`
    return all.map((c) => `${c.id}: "${c.phrase}"${c.ltl ? ` = ${c.ltl}` : ''}`).join('\n')
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

const skillsCommand = (store: SkillStore) =>
  defineCommand({
    name: 'skills',
    summary: 'the skills in the store',
    params: [],
    run: async ({ cedar }) => {
      const { records, problems } = await store.load()
      const skills = records.filter((r) => r.kind === 'skill')
      const lines = [
        skills.length === 0
          ? `no skills yet; ${cedar.options.prefix}do something to learn one`
          : `skills: ${skills.map((s) => `${s.name} (${s.provenance.path})`).join(', ')}`,
      ]
      if (problems.length > 0)
        lines.push(`${problems.length} store file(s) set aside: ${problems.map((p) => p.file).join(', ')}`)
      return lines.join('\n')
    },
  })

const skillCommand = (store: SkillStore) =>
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
        await writeFile(file, await renderSvg(dfa))
        lines.push(`picture: ${file}`)
      }
      return lines.join('\n')
    },
  })

const ceCommand = defineCommand({
  name: 'ce',
  summary: 'teach a skill: this word is (accept) or is not (reject) a way to do it',
  details: 'e.g. !ce reject mine.logs craft.planks — for the last skill run; the skill is learned again with it',
  params: [
    param.word('label', { choices: ['accept', 'reject'], description: 'accept or reject' }),
    param.text('word', { description: 'symbols separated by spaces' }),
  ],
  run: async ({ cedar }, { label, word }) => {
    const symbols = word.split(/\s+/).filter(Boolean)
    const record = await cedar.agent.counterexample(symbols, label === 'accept')
    return `${record.name} v${record.version} learned again with it (${parseDfaJson(record.dfa).stateCount} states)`
  },
})

const wrongCommand = defineCommand({
  name: 'wrong',
  summary: 'the last run did the wrong thing: its trace becomes a counterexample',
  params: [],
  run: async ({ cedar }) => {
    const record = await cedar.agent.wrong()
    return `noted: ${record.name} v${record.version} learned again (${parseDfaJson(record.dfa).stateCount} states)`
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
      const onProgress = withLearningEvents(context, () => {})
      const choice = teacher === '--llm' ? 'llm' : teacher === '--recipe' ? 'recipe' : undefined
      const skills = await context.cedar.agent.learn(verb, object, {
        signal,
        onProgress,
        ...(choice ? { teacher: choice } : {}),
      })
      return skills
        .map(
          (s) =>
            `${s.name}: ${s.path} (${s.membershipQueries} questions${s.path === 'reused' ? '' : ` from ${s.record.provenance.teacher}`}, ${s.dfa.stateCount} states)`,
        )
        .join('\n')
    }),
})

/** The skill and constraint commands (issue #8's chat face). */
export function registerSkillCommands(registry: CommandRegistry, store: SkillStore): void {
  registry.register(doCommand)
  registry.register(constrainCommand)
  registry.register(constraintsCommand)
  registry.register(unconstrainCommand)
  registry.register(skillsCommand(store))
  registry.register(skillCommand(store))
  registry.register(ceCommand)
  registry.register(wrongCommand)
  registry.register(alphabetCommand)
  registry.register(learnCommand)
}
