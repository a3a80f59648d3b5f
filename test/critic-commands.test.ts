// `!critic run` and `!laws` show why the validator refused a critic's proposal (here one that is not in the safe
// form G(condition -> X action), as an LLM critic might write it), so a player sees why a law is not in force.
import assert from 'node:assert/strict'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, describe, test } from 'node:test'
import { CriticRunner } from '../plugin/agent/critic/critic-runner.js'
import { createShield, LawBook } from '../plugin/agent/critic/laws.js'
import { TrajectoryLog } from '../plugin/agent/critic/trajectory-log.js'
import type { Critic } from '../plugin/agent/critic/types.js'
import { registerCriticCommands } from '../plugin/chat/critic-commands.js'
import { CommandDispatcher } from '../plugin/chat/dispatcher.js'
import { CommandRegistry } from '../plugin/chat/registry.js'

const quiet = { info: () => {}, warn: () => {}, error: () => {} }

describe('the critic commands name the reasons for refused proposals', () => {
  let dir: string | undefined
  after(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined))

  test('!critic run lists each refusal with its reason; !laws shows the newest', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'cedar-critic-commands-'))
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
        [
          'G !craft.planks',
          'F has.planks.4',
          'G(has.logs.1 -> X X craft.planks)',
          'G(has.logs.1 -> X craft.planks)',
        ].map((formula) => ({ formula, kind: 'soft' as const, explanation: '', origin: 'llm:efficiency' })),
    }
    const laws = new LawBook(createShield())
    // LogicGuard's behaviour: a law that passes goes in at once, soft.
    const runner = new CriticRunner({ log, laws, critics: [proposing], autoAccept: true })
    const registry = new CommandRegistry()
    registerCriticCommands(registry, '!', { laws, critic: { run: () => runner.run(), runner } })
    const dispatcher = new CommandDispatcher(
      registry,
      { prefix: '!', owners: ['Alex'], rateLimit: { commands: 10, perSeconds: 1 }, logger: quiet },
      {
        run: async (command, invocation, reply) => {
          const result = await command.run(
            { reply, cedar: { options: { maxReplyLines: 8 } } } as never,
            invocation.args as never,
          )
          if (typeof result === 'string') reply(result)
        },
      },
    )
    const say = async (message: string) => {
      const replies: string[] = []
      await dispatcher.handle({ username: 'Alex', message, channel: 'chat' }, (r) => replies.push(r))
      return replies.join('\n').split('\n')
    }
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
    // Players read the law as a sentence (the formula is for verbose bots and !ltl show).
    assert.equal(listed[0], 'C1: with a log, craft planks next (kept when it can be; from critic; blocked 0 times)')
    assert.equal(listed[1], "the critic's last 3 of 3 refused proposals:")
    assert.match(
      listed[2] ?? '',
      /^refused "always: if a log, then next, next, craft planks" \(llm:efficiency\): .*nested X/,
      'newest first',
    )
    assert.equal(listed.length, 5)
    // Accepting and rejecting say the law as a sentence too.
    assert.deepEqual(await say('!law accept C1'), ['C1 is hard now: with a log, craft planks next'])
    assert.deepEqual(await say('!law reject C1'), [
      'rejected C1: with a log, craft planks next; the critic will not propose it again',
    ])
  })
})
