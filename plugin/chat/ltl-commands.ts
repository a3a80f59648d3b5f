import { type LawBook, type LawDraft, LawError, TaskCancelledError } from '../agent/index.js'
import { quoted } from '../errors.js'
import { describeVerdict } from '../ltl/shield.js'
import { type CommandContext, defineCommand, param } from './command.js'
import type { CommandRegistry } from './registry.js'
import { taskWords } from './task-words.js'

const SUBCOMMANDS = ['add', 'list', 'show', 'rm', 'check', 'load'] as const

/** Up to this many laws, `!ltl list` prints each; beyond, their ids only. */
const LIST_IN_FULL = 6

/**
 * `!ltl add [hard|soft] <formula>`, `!ltl list`, `!ltl rm <id>`, `!ltl check <action>`, `!ltl load <set>`:
 * the shield's laws, from chat.
 */
export function registerLtlCommands(registry: CommandRegistry, prefix: string, laws: LawBook): void {
  registry.register(
    defineCommand({
      name: 'ltl',
      summary: 'the temporal laws every action must keep: add, list, show, rm, check, load',
      details: [
        `${prefix}ltl add [hard|soft] <formula>: a new law, e.g. ${prefix}ltl add G(time.night -> X !mine.diamond_ore)`,
        `${prefix}ltl list: the laws in force; ${prefix}ltl show <id>: one law; ${prefix}ltl rm <id>: remove one`,
        `${prefix}ltl check <action>: would the action be allowed now, and if not, why`,
        `${prefix}ltl load <set>: vanilla-hard (the default), or LogicGuard's as written: saycan-hard, saycan-soft, innermonologue`,
        'Operators: ! & | -> <-> X (next) N (weak next) F G U R W; ^ means and.',
      ].join('\n'),
      params: [
        param.word('subcommand', { choices: SUBCOMMANDS, description: 'add, list, show, rm, check or load' }),
        param.text('rest', { optional: true, description: 'what the subcommand needs' }),
      ],
      run: async (context, { subcommand, rest = '' }) => {
        const { cedar } = context
        switch (subcommand) {
          case 'add': {
            const match = /^(hard|soft)\s+([\s\S]+)$/i.exec(rest)
            const kind = (match?.[1]?.toLowerCase() ?? 'hard') as 'hard' | 'soft'
            const text = (match?.[2] ?? rest).trim()
            if (text === '') return `usage: ${prefix}ltl add [hard|soft] <formula>`
            try {
              return await addLaw(context, laws, laws.read(text, kind), prefix)
            } catch (error) {
              if (error instanceof LawError) return error.message
              if (error instanceof TaskCancelledError) return undefined // !stop answered
              throw error
            }
          }
          case 'list': {
            const monitors = laws.shield.monitors()
            if (monitors.length === 0) return 'no laws; every action is allowed'
            if (monitors.length <= LIST_IN_FULL) {
              return monitors.map((m) => `${m.id} (${m.kind}, ${m.source}) ${m.text}`).join('\n')
            }
            const ids = (kind: string) =>
              monitors
                .filter((m) => m.kind === kind)
                .map((m) => m.id)
                .join(' ') || 'none'
            return `${monitors.length} laws. hard: ${ids('hard')}. soft: ${ids('soft')}. Say ${prefix}ltl show <id> for one.`
          }
          case 'show': {
            const monitor = laws.shield.get(rest.trim())
            if (!monitor) return `no law ${rest.trim() || '(none given)'}; see ${prefix}ltl list`
            const explanation = 'explanation' in monitor && monitor.explanation ? ` (${monitor.explanation})` : ''
            return `${monitor.id} (${monitor.kind}, ${monitor.source}) ${monitor.text}${explanation}`
          }
          case 'rm': {
            const id = rest.trim()
            if (id === '') return `usage: ${prefix}ltl rm <id> (see ${prefix}ltl list)`
            if (!laws.remove(id)) return `no law ${id}; see ${prefix}ltl list`
            await laws.flushed()
            return `removed ${id}`
          }
          case 'check': {
            const action = rest.trim()
            if (action === '') return `usage: ${prefix}ltl check <action>, e.g. mine.diamond_ore`
            const problem = laws.symbolProblem(action)
            if (problem) return problem
            laws.shield.observe(cedar.valuation(action))
            return describeVerdict(laws.shield.preview(action))
          }
          case 'load': {
            try {
              const added = laws.loadSet(rest.trim())
              return added.length > 0
                ? `loaded ${added.length} laws (${added[0]?.id}..${added.at(-1)?.id})`
                : `every law of ${rest.trim()} is loaded already`
            } catch (error) {
              if (error instanceof LawError) return error.message
              throw error
            }
          }
        }
      },
    }),
  )
}

/**
 * A law that compiled inline goes in at once, even mid-task. A larger one compiles in the learning worker as the
 * bot's task, so the bot keeps answering meanwhile, `!status` shows it and `!stop` ends it.
 */
async function addLaw(context: CommandContext, laws: LawBook, draft: LawDraft, prefix: string): Promise<string> {
  const added = (law: { id: string; text: string }) => `added ${law.id} (${draft.kind}): ${law.text}`
  if (draft.dfa) return added(laws.commit({ ...draft, dfa: draft.dfa }))
  const { tasks } = context.cedar
  if (tasks.current) return `busy with ${taskWords(tasks.current)}; the law is large, so say ${prefix}stop first`
  const name = `ltl add ${quoted(draft.text, 40)}`
  context.reply(`compiling ${quoted(draft.text)}: a large law; ${prefix}stop ends it`)
  const law = await tasks.run(name, context.username, async (signal) => {
    const compiled = await laws.compile(draft, signal)
    // Stopped just as it finished: nothing is added.
    signal.throwIfAborted()
    return laws.commit(compiled)
  })
  return added(law)
}
