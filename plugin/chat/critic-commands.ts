import type { BotCritic, CriticRunner, ProposedLaw, WorldScope } from '../agent/index.js'
import { evidenceLine, type LawBook, LawError } from '../agent/index.js'
import { lawWords } from '../vocabulary/law-words.js'
import { counted } from '../vocabulary/player-words.js'
import { defineCommand, param } from './command.js'
import { criticErrorLine, proposalWords, rejectionLine, relaxationLine } from './critic-words.js'
import { linesPerPage, pageOf } from './pages.js'
import type { CommandRegistry } from './registry.js'

/** Refused proposals shown with their reasons (the newest first). */
const REJECTED_SHOWN = 3

/** A law's formula as a player reads it ("never craft a stick"), or as written for a verbose bot. */
const lawText = (formula: string, verbose: boolean) => (verbose ? formula : lawWords(formula))

/** What the commands use of a bot's critic. */
export interface CriticCommandsCritic {
  run: BotCritic['run']
  readonly runner: Pick<CriticRunner, 'rejected' | 'refuse' | 'accept' | 'proposed'>
}

/** A proposal waiting for a player: the law as a sentence (as written for a verbose bot) and what shows it. */
const proposedLine = (p: ProposedLaw, verbose: boolean) =>
  verbose ? `${p.id} proposed ${p.kind}: ${p.text} — ${evidenceLine(p)}` : proposalWords(p)

/** `!laws`, `!critic run`, `!law accept|reject <id>`: LogicGuard's critic from chat. */
export function registerCriticCommands(
  registry: CommandRegistry,
  prefix: string,
  {
    laws,
    critic,
    world,
  }: {
    readonly laws: LawBook
    readonly critic: CriticCommandsCritic
    /** The world the bot is in: `!laws` says whose laws these are. */
    readonly world?: () => WorldScope | undefined
  },
): void {
  registry.register(
    defineCommand({
      name: 'laws',
      summary: 'the laws in force (where each came from, how often it blocked) and the critic’s proposals waiting',
      params: [param.int('page', { optional: true, description: 'which page of a long list (default 1)' })],
      run: ({ cedar }, { page }) => {
        const monitors = laws.shield.monitors()
        // Players read each law as a sentence; the formula is for --verbose bots (the verbose option) and !ltl show.
        const line = (m: (typeof monitors)[number]) =>
          cedar.options.verbose
            ? `${m.id} ${m.kind} ${m.source}, blocked ${laws.blockCount(m.id)}x: ${m.text}`
            : `${m.id}: ${lawWords(m.text)} (${m.kind === 'hard' ? 'always kept' : 'kept when it can be'}; from ${m.source}; blocked ${counted(laws.blockCount(m.id), 'time')})`
        // Room left for a law whose line wraps onto a second chat line.
        const perPage = Math.max(1, linesPerPage(cedar.options.maxReplyLines) - 2)
        const shown = pageOf(monitors, page, perPage, `${prefix}laws`, 'laws')
        if ('noSuchPage' in shown) return monitors.length === 0 ? 'no laws; every action is allowed' : shown.noSuchPage
        const lines = monitors.length === 0 ? ['no laws; every action is allowed'] : shown.items.map(line)
        const scope = world?.()
        if (scope && (page ?? 1) === 1) {
          lines.unshift(
            scope.shared
              ? `the critic's laws are shared by every world (${scope.dir})`
              : `the critic's laws are this world's (${scope.label}; ${scope.dir})`,
          )
        }
        if (shown.footer) lines.push(shown.footer)
        const waiting = critic.runner.proposed.list()
        // What the validator kept out, and why (after the last page): a player sees why a law they expected is not
        // in force.
        const rejected = critic.runner.rejected
        const last = (page ?? 1) >= Math.ceil(monitors.length / perPage)
        if (waiting.length > 0 && last) {
          lines.push(
            `${waiting.length} proposed by the critic, not in force until ${prefix}law accept <id> (${prefix}law reject <id> drops one):`,
          )
          lines.push(...waiting.map((p) => proposedLine(p, cedar.options.verbose)))
        }
        if (rejected.length > 0 && last) {
          const shown = Math.min(REJECTED_SHOWN, rejected.length)
          lines.push(
            cedar.options.verbose
              ? `the critic's last ${shown} of ${rejected.length} refused proposals:`
              : `the last ${shown} of ${counted(rejected.length, 'law')} the critic proposed and I turned down:`,
          )
          lines.push(
            ...rejected
              .slice(-REJECTED_SHOWN)
              .reverse()
              .map((r) => rejectionLine(r, cedar.options.verbose)),
          )
        }
        return lines.join('\n')
      },
    }),
  )
  registry.register(
    defineCommand({
      name: 'critic',
      summary: 'run the critic now over the trajectories logged since its last round',
      params: [param.word('subcommand', { choices: ['run'], description: 'run' })],
      run: async ({ cedar }) => {
        const { verbose } = cedar.options
        // A law the round drops is gone from the book after it: its sentence is read before.
        const before = new Map(laws.shield.monitors().map((m) => [m.id, m.text]))
        const report = await critic.run()
        await laws.flushed()
        const more = report.rejected.length - REJECTED_SHOWN
        const lines = [
          verbose
            ? `critic: ${report.trajectories} new trajectories, ${report.proposed} proposals, ${report.accepted.length} laws added, ${report.waiting.length} proposed, ${report.rejected.length} rejected`
            : `critic: read ${counted(report.trajectories, 'new run')} and proposed ${counted(report.proposed, 'law')}: ${report.accepted.length} added, ${report.waiting.length} waiting for you, ${report.rejected.length} turned down`,
          ...report.accepted.map((law) => `${law.id} (soft): ${lawText(law.text, verbose)}`),
          ...report.waiting.map((p) => proposedLine(p, verbose)),
          ...report.rejected.slice(0, REJECTED_SHOWN).map((r) => rejectionLine(r, verbose)),
          ...(more > 0
            ? [
                verbose
                  ? `and ${more} more refused (${prefix}laws lists the newest)`
                  : `and ${more} more turned down (${prefix}laws lists the newest)`,
              ]
            : []),
          ...report.relaxed.map((r) => relaxationLine(r, before.get(r.lawId), verbose)),
          ...report.errors.map((e) => criticErrorLine(e, verbose)),
        ]
        if (report.accepted.length > 0)
          lines.push(`${prefix}law accept <id> makes one hard; ${prefix}law reject <id> drops it`)
        else if (report.waiting.length > 0)
          lines.push(`${prefix}law accept <id> puts a proposed law in force, hard; ${prefix}law reject <id> drops it`)
        return lines.join('\n')
      },
    }),
  )
  registry.register(
    defineCommand({
      name: 'law',
      summary:
        'accept a critic law, proposed or soft (it is in force, hard) or reject it (dropped, never proposed again)',
      params: [
        param.word('decision', { choices: ['accept', 'reject'], description: 'accept or reject' }),
        param.word('id', { description: 'the law id, e.g. C3' }),
      ],
      run: async ({ cedar }, { decision, id }) => {
        const { verbose } = cedar.options
        if (!laws.shield.get(id) && !critic.runner.proposed.get(id)) return `no law ${id}; say ${prefix}laws`
        if (decision === 'reject') {
          const text = critic.runner.refuse(id)
          // Answered once the decision is on disk: a restart right after still knows it.
          await laws.flushed()
          return `rejected ${id}: ${text === undefined ? id : lawText(text, verbose)}; the critic will not propose it again`
        }
        try {
          const accepted = critic.runner.accept(id)
          if (accepted) {
            await laws.flushed()
            return `${id} is in force now, hard: ${lawText(accepted.text, verbose)}`
          }
          const law = laws.setKind(id, 'hard')
          await laws.flushed()
          return `${id} is hard now: ${lawText(law.text, verbose)}`
        } catch (error) {
          if (error instanceof LawError) return error.message
          throw error
        }
      },
    }),
  )
}
