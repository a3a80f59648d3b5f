// `!critic run` and `!laws` show why the validator refused a critic's proposal (here one that is not in the safe
// form G(condition -> X action), as an LLM critic might write it), so a player sees why a law is not in force.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { CriticRunner } from '../plugin/agent/critic/critic-runner.js'
import { overConstrainedState } from '../plugin/agent/critic/deadlock.js'
import { createShield, LawBook } from '../plugin/agent/critic/laws.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import type { Critic } from '../plugin/agent/critic/types.js'
import { registerCriticCommands } from '../plugin/chat/critic-commands.js'
import { rejectionLine } from '../plugin/chat/critic-words.js'
import { CommandDispatcher } from '../plugin/chat/dispatcher.js'
import { CommandRegistry } from '../plugin/chat/registry.js'
import { assertChatLines } from './support/chat-limit.js'
import { SYMBOL } from './support/symbols.js'

const quiet = { info: () => {}, warn: () => {}, error: () => {} }

/** A chat with the critic commands over one successful run and a critic that proposes `formulas`. */
async function criticChat(
  dir: string,
  formulas: readonly string[],
  autoAccept = true,
  otherCritics: readonly Critic[] = [],
) {
  const log = new TrajectoryLog(dir)
  await log.append({
    id: 'r1',
    task: 'get planks',
    startedAt: '2026-12-01T00:00:00.000Z',
    success: true,
    steps: [
      { state: ['sees.oak_log'], action: 'mine.logs', ok: true },
      { state: ['has.logs.1'], action: 'craft.planks', ok: true },
    ],
  })
  const proposing: Critic = {
    name: 'scripted',
    propose: async () =>
      formulas.map((formula) => ({
        formula,
        kind: 'soft' as const,
        explanation: '',
        origin: 'llm:efficiency',
        evidence: ['r1'],
      })),
  }
  const laws = new LawBook(createShield())
  // LogicGuard's behaviour (autoAccept): a law that passes goes in at once, soft.
  const runner = new CriticRunner({ log, laws, critics: [proposing, ...otherCritics], autoAccept })
  const registry = new CommandRegistry()
  registerCriticCommands(registry, '!', { laws, critic: { run: () => runner.run(), runner } })
  const options = { maxReplyLines: 8, verbose: false }
  const dispatcher = new CommandDispatcher(
    registry,
    { prefix: '!', owners: ['Alex'], rateLimit: { commands: 10, perSeconds: 1 }, logger: quiet },
    {
      run: async (command, invocation, reply) => {
        const result = await command.run({ reply, cedar: { options } } as never, invocation.args as never)
        if (typeof result === 'string') reply(result)
      },
    },
  )
  const say = async (message: string) => {
    const replies: string[] = []
    await dispatcher.handle({ username: 'Alex', message, channel: 'chat' }, (r) => replies.push(r))
    return replies.join('\n').split('\n')
  }
  return { say, options, runner, laws }
}

const PROPOSED = [
  'G !craft.planks',
  'F has.planks.4',
  'G(has.logs.1 -> X X craft.planks)',
  'G(has.logs.1 -> X craft.planks)',
]

describe('the critic commands name the reasons for refused proposals', () => {
  const dirs: string[] = []
  after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cedar-critic-commands-'))
    dirs.push(dir)
    return dir
  }

  test("verbose: !critic run lists each refusal with the validator's reason; !laws shows the newest", async () => {
    const { say, options } = await criticChat(await tempDir(), PROPOSED)
    options.verbose = true
    const round = await say('!critic run')
    assert.equal(round[0], 'critic: 1 new trajectories, 4 proposals, 1 laws added, 0 proposed, 3 rejected')
    assert.equal(round[1], 'C1 (soft): G(has.logs.1 -> X craft.planks)')
    assert.match(
      round[2] ?? '',
      /^refused G !craft\.planks \(llm:efficiency\): not in the safe form: .*has no condition/,
    )
    assert.match(
      round[3] ?? '',
      /^refused F has\.planks\.4 \(llm:efficiency\): not in the safe form: F \.\.\. is an eventuality/,
    )
    assert.match(round[4] ?? '', /^refused G\(has\.logs\.1 -> X X craft\.planks\) .*nested X/)
    const listed = await say('!laws')
    assert.equal(listed[1], "the critic's last 3 of 3 refused proposals:")
    assert.match(listed[2] ?? '', /^refused G\(has\.logs\.1 -> X X craft\.planks\) \(llm:efficiency\): .*nested X/)
  })

  test("a player's words: what the law would have done wrong, who proposed it, no LTL", async () => {
    const { say } = await criticChat(await tempDir(), PROPOSED)
    assert.deepEqual(await say('!critic run'), [
      'critic: read 1 new run and proposed 4 laws: 1 added, 0 waiting for you, 3 turned down',
      'C1 (soft): with a log, craft planks next',
      'turned down "never craft planks" from the LLM critic: it says no "when": a law must say what to do next in a situation I can see',
      'turned down "in the end, have 4 planks" from the LLM critic: it asks for something to happen some time, and I keep a law only by refusing the next act',
      'turned down "always: if a log, then next, next, craft planks" from the LLM critic: it looks more than one act ahead; a law says what to do next',
      '!law accept <id> makes one hard; !law reject <id> drops it',
    ])
    const listed = await say('!laws')
    // Players read the law as a sentence (the formula is for verbose bots and !ltl show).
    assert.equal(listed[0], 'C1: with a log, craft planks next (kept when it can be; from critic; blocked 0 times)')
    assert.equal(listed[1], 'the last 3 of 3 laws the critic proposed and I turned down:')
    assert.equal(
      listed[2],
      'turned down "always: if a log, then next, next, craft planks" from the LLM critic: it looks more than one act ahead; a law says what to do next',
      'newest first',
    )
    assert.equal(listed.length, 5)
    // Accepting and rejecting say the law as a sentence too.
    assert.deepEqual(await say('!law accept C1'), ['C1 is hard now: with a log, craft planks next'])
    assert.deepEqual(await say('!law reject C1'), [
      'rejected C1: with a log, craft planks next; the critic will not propose it again',
    ])
  })

  test('every reason the validator gives is said without its jargon', async () => {
    const { say, runner } = await criticChat(await tempDir(), [
      'G(has.logs.1 -> X craft.planks)',
      'G(has.logs.1 -> X craft.planks)',
      'G(has.logs.1 -> X !craft.planks)',
      'G(has.diamond.1 -> X !craft.planks)',
      'G(has.logs.1 -> X fly.moon)',
      'G(has.logs.1 -> ',
      'G(craft.planks -> X !mine.logs)',
      'G(has.logs.1 -> X has.planks.1)',
    ])
    const round = await say('!critic run')
    assert.match(round[0] ?? '', /7 turned down$/)
    // !critic run shows the first three; every one, in the words !laws would use.
    const turnedDown = runner.rejected.map((r) => rejectionLine(r, false))
    assert.equal(turnedDown.length, 7)
    // Long, some of them: each still reads whole in chat lines (the chat limit, cut at a clause).
    for (const line of turnedDown) assertChatLines(line)
    // A law that does not parse has no sentence: it is quoted as the critic wrote it.
    assert.ok(turnedDown.includes('turned down "G(has.logs.1 -> " from the LLM critic: I could not read it'))
    for (const line of turnedDown.filter((l) => !l.endsWith('I could not read it'))) {
      assert.doesNotMatch(
        line,
        /safe form|proposition|condition|successful run|\bX\b|->|\(r1\)|\b(has|craft|mine)\./,
        line,
      )
    }
    assert.ok(
      turnedDown.includes(
        'turned down "with a log, craft planks next" from the LLM critic: a law of the same round says the same',
      ),
    )
    assert.ok(
      turnedDown.some((l) =>
        /it would have stopped crafting planks \(step \d\) of "[^"]+", which reached its goal/.test(l),
      ),
      turnedDown.join('\n'),
    )
    assert.ok(
      turnedDown.some((l) => l.endsWith('it names what I do not know: a diamond')),
      turnedDown.join('\n'),
    )
  })

  test('a proposal waiting for the owner is the law as a sentence and how many runs show it', async () => {
    const { say, options } = await criticChat(await tempDir(), ['G(has.logs.1 -> X craft.planks)'], false)
    const round = await say('!critic run')
    assert.deepEqual(round.slice(0, 2), [
      'critic: read 1 new run and proposed 1 law: 0 added, 1 waiting for you, 0 turned down',
      'C1 proposed: with a log, craft planks next — seen in 1 run',
    ])
    assert.equal((await say('!laws')).at(-1), 'C1 proposed: with a log, craft planks next — seen in 1 run')
    options.verbose = true
    assert.match(
      (await say('!laws')).at(-1) ?? '',
      /^C1 proposed soft: G\(has\.logs\.1 -> X craft\.planks\) — .*shown by 1 run/,
    )
  })

  test('a law relaxed and a critic that failed are said in words; --verbose keeps the formula and the error', async () => {
    const unreachable: Critic = {
      name: 'llm',
      propose: async () => {
        throw new Error('the LLM at http://127.0.0.1:9 did not answer within 30 s (asked about mine.logs)')
      },
    }
    const round = async (verbose: boolean) => {
      const { say, options, laws, runner } = await criticChat(await tempDir(), [], true, [unreachable])
      options.verbose = verbose
      // A law that left the bot nothing it may do where it saw an oak log: the round drops it.
      laws.add('G(sees.oak_log -> X !mine.logs)', 'soft', 'critic')
      runner.noteOverConstrained(
        overConstrainedState(['sees.oak_log'], 'mine.logs', { 'mine.logs': ['C1'] }, '2026-12-01T00:00:00.000Z'),
      )
      return say('!critic run')
    }
    const plain = await round(false)
    assert.ok(
      plain.includes(
        'I dropped C1 ("never mine logs while an oak log in sight"): it left me nothing I was allowed to do once',
      ),
      plain.join('\n'),
    )
    assert.ok(
      plain.includes(
        'the LLM critic could not read my runs this time: the LLM at http://127.0.0.1:9 did not answer within 30 s (asked about mining logs)',
      ),
      plain.join('\n'),
    )
    for (const line of plain) assert.doesNotMatch(line, SYMBOL, line)
    const verbose = await round(true)
    assert.ok(verbose.includes('relaxed C1: deleted'), verbose.join('\n'))
    assert.ok(
      verbose.includes('failed: llm: the LLM at http://127.0.0.1:9 did not answer within 30 s (asked about mine.logs)'),
      verbose.join('\n'),
    )
  })
})
