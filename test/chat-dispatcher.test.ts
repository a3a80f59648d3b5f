import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { LawError } from '../plugin/agent/critic/laws.js'
import { defineCommand, param } from '../plugin/chat/command.js'
import { CommandDispatcher, type IncomingMessage, type Invocation } from '../plugin/chat/dispatcher.js'
import { CommandRegistry } from '../plugin/chat/registry.js'
import type { CedarLogger } from '../plugin/config/options.js'
import { CedarError } from '../plugin/errors.js'

interface Harness {
  say(username: string, message: string, channel?: IncomingMessage['channel']): Promise<string[]>
  logs: { level: string; message: string; error?: unknown }[]
  ignored: string[]
  errors: [Invocation, Error][]
  clock: { now: number }
}

function setup(
  owners: readonly string[] | '*' = ['Alex'],
  rateLimit = { commands: 3, perSeconds: 10 },
  verbose = false,
): Harness {
  const registry = new CommandRegistry()
  registry.register(
    defineCommand({
      name: 'add',
      summary: 'adds',
      params: [param.int('a'), param.int('b')],
      run: (_ctx, { a, b }) => `${a + b}`,
    }),
  )
  registry.register(
    defineCommand({
      name: 'law',
      summary: 'a player mistake',
      params: [],
      run: () => {
        throw new LawError('cannot read the law: unexpected ")" at column 4')
      },
    }),
  )
  registry.register(
    defineCommand({
      name: 'forget',
      summary: 'fails the way the agent does, naming symbols',
      params: [param.text('what', { optional: true })],
      run: () => {
        throw new CedarError('no stored skill craft.wooden_pickaxe; which was wrong? !wrong mine.oak_log (the skill)')
      },
    }),
  )
  registry.register(
    defineCommand({
      name: 'boom',
      summary: 'throws',
      params: [],
      run: () => {
        throw new Error('kaboom\nsecond line of detail')
      },
    }),
  )
  const logs: Harness['logs'] = []
  const logger: CedarLogger = {
    info: (message) => logs.push({ level: 'info', message }),
    warn: (message) => logs.push({ level: 'warn', message }),
    error: (message, error) => logs.push({ level: 'error', message, error }),
  }
  const clock = { now: 0 }
  const ignored: string[] = []
  const errors: [Invocation, Error][] = []
  const dispatcher = new CommandDispatcher(
    registry,
    { prefix: '!', owners, rateLimit, logger, verbose, now: () => clock.now },
    {
      run: async (command, invocation, reply) => {
        const result = await command.run({ reply } as never, invocation.args as never)
        if (typeof result === 'string') reply(result)
      },
      onIgnored: (username) => ignored.push(username),
      onCommandError: (invocation, error) => errors.push([invocation, error]),
    },
  )
  return {
    logs,
    ignored,
    errors,
    clock,
    async say(username, message, channel = 'chat') {
      const replies: string[] = []
      await dispatcher.handle({ username, message, channel }, (text) => replies.push(text))
      return replies
    },
  }
}

describe('command dispatcher', () => {
  test('runs an owner command with typed arguments', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!add 2 40'), ['42'])
    assert.deepEqual(await h.say('alex', '!ADD 1 1'), ['2'], 'owner names and command names ignore case')
  })

  test('ignores lines without the prefix in public chat, accepts them in whispers', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', 'add 1 2'), [])
    assert.deepEqual(await h.say('Alex', 'add 1 2', 'whisper'), ['3'])
    assert.deepEqual(await h.say('Alex', '!add 1 2', 'whisper'), ['3'])
  })

  test('a stranger is ignored quietly and logged once', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Mallory', '!add 1 2'), [])
    assert.deepEqual(await h.say('Mallory', '!boom'), [])
    assert.deepEqual(h.ignored, ['Mallory', 'Mallory'])
    assert.equal(h.logs.filter((l) => l.message.includes('Mallory')).length, 1)
  })

  test('everyone is an owner with "*"', async () => {
    const h = setup('*')
    assert.deepEqual(await h.say('Anyone', '!add 1 1'), ['2'])
  })

  test('unknown commands get a suggestion when one is close', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!ad 1 2'), ['unknown command ad; did you mean !add?'])
    assert.deepEqual(await h.say('Alex', '!dance'), ['unknown command dance; say !help for the list'])
    assert.deepEqual(await h.say('Alex', '!'), ['say !help for the list of commands'])
  })

  test('wrong arguments get the problem and the usage line', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!add 1 x'), ['<b> must be a whole number, not "x". usage: !add <a> <b>'])
    assert.deepEqual(await h.say('Alex', '!add'), ['missing <a>. usage: !add <a> <b>'])
  })

  test('a throwing handler becomes one line for the player and a stack for the console', async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!boom'), ['!boom failed: kaboom'])
    const logged = h.logs.find((l) => l.level === 'error')
    assert.ok(logged && logged.error instanceof Error && logged.error.stack?.includes('kaboom'))
    assert.equal(h.errors.length, 1)
    assert.equal(h.errors[0]?.[0].name, 'boom')
    assert.deepEqual(await h.say('Alex', '!add 1 1'), ['2'], 'the next command still works')
  })

  test("a player's mistake (a CedarError) is one line and no stack in the log; a bug is logged with its stack", async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!law'), ['!law failed: cannot read the law: unexpected ")" at column 4'])
    assert.deepEqual(
      h.logs.filter((l) => l.level === 'error'),
      [],
    )
    assert.equal(h.errors.length, 1, 'cedarCommandError still fires')
    await h.say('Alex', '!boom')
    assert.equal(h.logs.filter((l) => l.level === 'error').length, 1)
  })

  test("a failure's symbols are said in the player's words; --verbose or the verbose option says them as written", async () => {
    const h = setup()
    assert.deepEqual(await h.say('Alex', '!forget'), [
      '!forget failed: no stored skill crafting a wooden pickaxe; which was wrong? !wrong mining oak logs (the skill)',
    ])
    // The log keeps the reason as the code wrote it.
    assert.ok(h.logs.some((l) => l.level === 'info' && l.message.includes('no stored skill craft.wooden_pickaxe')))
    const written =
      '!forget failed: no stored skill craft.wooden_pickaxe; which was wrong? !wrong mine.oak_log (the skill)'
    assert.deepEqual(await h.say('Alex', '!forget it --verbose'), [written])
    assert.deepEqual(await setup(['Alex'], undefined, true).say('Alex', '!forget'), [written])
  })

  test('a flood is answered once, then silenced until the window passes', async () => {
    const h = setup(['Alex', 'Bob'])
    for (let i = 0; i < 3; i++) assert.deepEqual(await h.say('Alex', '!add 1 1'), ['2'])
    assert.deepEqual(await h.say('Alex', '!add 1 1'), [
      'slow down: at most 3 commands in 10 s; I will listen again shortly',
    ])
    assert.deepEqual(await h.say('Alex', '!add 1 1'), [])
    assert.deepEqual(await h.say('Bob', '!add 1 1'), ['2'], 'the limit is per player')
    h.clock.now += 10_001
    assert.deepEqual(await h.say('Alex', '!add 1 1'), ['2'])
  })
})

describe('command registry', () => {
  test('refuses duplicate names, bad names and misordered parameters', () => {
    const registry = new CommandRegistry()
    const unregister = registry.register(
      defineCommand({ name: 'go', aliases: ['walk'], summary: '', params: [], run: () => '' }),
    )
    assert.throws(
      () => registry.register(defineCommand({ name: 'walk', summary: '', params: [], run: () => '' })),
      /already registered/,
    )
    assert.throws(
      () => registry.register(defineCommand({ name: 'Bad Name', summary: '', params: [], run: () => '' })),
      /must be lowercase/,
    )
    assert.throws(
      () =>
        registry.register(
          defineCommand({ name: 'x', summary: '', params: [param.text('t'), param.int('n')], run: () => '' }),
        ),
      /must be the last/,
    )
    assert.throws(
      () =>
        registry.register(
          defineCommand({
            name: 'y',
            summary: '',
            params: [param.int('a', { optional: true }), param.int('b')],
            run: () => '',
          }),
        ),
      /cannot follow optional/,
    )
    assert.equal(registry.get('WALK')?.name, 'go')
    unregister()
    assert.equal(registry.get('go'), undefined)
    assert.equal(registry.get('walk'), undefined)
  })
})
