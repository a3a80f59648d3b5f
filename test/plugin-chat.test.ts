// The plugin on a real server: a cedar bot, its owner Alex and a stranger Mallory, all real mineflayer clients.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import type { Bot } from 'mineflayer'
import { createCedar, defineCommand } from '../index.js'
import { nextChat, nextWhisper, openSession, type TestSession, waitFor, waitUntil } from './harness/index.js'

const quietLogger = { info: () => {}, warn: () => {}, error: () => {} }

describe('cedar plugin over the real protocol', () => {
  let session: TestSession
  let cedarBot: Bot
  let alex: Bot
  let mallory: Bot
  const consoleErrors: { message: string; error: unknown }[] = []

  before(async () => {
    session = await openSession()
    // Loaded the way a user would: as a createBot plugin, before the bot has logged in.
    cedarBot = await session.bot('cedar', {
      botOptions: {
        plugins: {
          cedar: createCedar({
            owners: ['Alex'],
            rateLimit: { commands: 100, perSeconds: 10 },
            logger: { ...quietLogger, error: (message, error) => consoleErrors.push({ message, error }) },
          }),
        },
      },
    })
    alex = await session.bot('Alex')
    mallory = await session.bot('Mallory')
    await waitUntil(
      cedarBot,
      () => Boolean(cedarBot.players.Alex?.entity && cedarBot.players.Mallory),
      'cedar sees Alex',
    )
  })
  after(() => session?.close())

  /**
   * Says a line as `player` and resolves with the bot's next `lines` reply lines to `player` (joined by newlines),
   * over the same channel. Reading exactly as many lines as the reply has keeps one test's tail out of the next.
   */
  async function ask(player: Bot, line: string, { via = 'chat', lines = 1 } = {}): Promise<string> {
    const received: string[] = []
    const event = via === 'whisper' ? 'whisper' : 'chat'
    const all = waitFor(player, event, (username: string, message: string) => {
      if (username === 'cedar') received.push(message)
      return received.length === lines
    })
    if (via === 'whisper') player.whisper('cedar', line)
    else player.chat(line)
    await all
    return received.join('\n')
  }

  test('the plugin loads with its dependencies and a typed namespace', () => {
    assert.equal(typeof cedarBot.cedar.execute, 'function')
    assert.ok(cedarBot.pathfinder, 'pathfinder was loaded by the plugin')
    assert.ok(cedarBot.collectBlock, 'collectblock was loaded by the plugin')
    assert.deepEqual(cedarBot.cedar.options.owners, ['Alex'])
  })

  test('!help lists the commands; !help <command> explains one', async () => {
    assert.equal(
      await ask(alex, '!help'),
      'commands: !help, !status, !stop, !come, !follow, !mode, !ltl, !yes, !no, !skip, !do, !constrain, !constraints, !unconstrain, !share, !skills, !skill, !ce, !wrong, !alphabet, !learn, !inventory, !give, !laws, !critic, !law. Say !help <command> for details.',
    )
    assert.equal(
      await ask(alex, '!help come', { lines: 2 }),
      '!come [range] - walk to you\n  range: how close to come, in blocks (default 2)',
    )
  })

  test('a stranger is ignored quietly: no reply, one event', async () => {
    const ignored = waitFor(cedarBot, 'cedarIgnored', (username) => username === 'Mallory')
    const nextFromCedar = nextChat(alex, 'cedar')
    mallory.chat('!help')
    await ignored
    // The server delivers lines in order, so if Mallory had been answered that answer would come first.
    alex.chat('!status')
    assert.match(
      (await nextFromCedar).message,
      /^cedar \S+: idle; at -?\d+ \d+ -?\d+; health 20\/20, food 20\/20; time \d+/,
    )
  })

  test('a whispered command is answered by whisper, not in public chat', async () => {
    const seenByMallory: string[] = []
    const record = (username: string, message: string) => {
      if (username === 'cedar') seenByMallory.push(message)
    }
    mallory.on('chat', record)
    const reply = await ask(alex, 'help', { via: 'whisper' }) // no prefix needed in a whisper
    assert.match(reply, /^commands: !help, !status/)
    // A public command after it: once Mallory sees its answer, she would have seen a public help line too.
    const stopSeen = nextChat(mallory, 'cedar', (m) => m.startsWith('nothing to stop'))
    assert.match(await ask(alex, '!stop'), /^nothing to stop/)
    await stopSeen
    mallory.removeListener('chat', record)
    assert.deepEqual(
      seenByMallory.filter((line) => line.startsWith('commands:')),
      [],
    )
  })

  test('an unknown command gets a suggestion; a malformed one gets the usage line', async () => {
    assert.equal(await ask(alex, '!hlep'), 'unknown command hlep; did you mean !help?')
    assert.equal(await ask(alex, '!come abc'), '<range> must be a whole number, not "abc". usage: !come [range]')
    assert.equal(await ask(alex, '!status now'), 'unexpected argument "now". usage: !status')
  })

  test('a handler that throws costs one line, not the bot', async () => {
    const unregister = cedarBot.cedar.commands.register(
      defineCommand({
        name: 'explode',
        summary: 'throws, for the test',
        params: [],
        run: () => {
          throw new TypeError('cannot read the fuse')
        },
      }),
    )
    try {
      const failed = waitFor(cedarBot, 'cedarCommandError', (invocation) => invocation.name === 'explode')
      assert.equal(await ask(alex, '!explode'), '!explode failed: cannot read the fuse')
      const [, error] = await failed
      assert.equal(error.message, 'cannot read the fuse')
      const logged = consoleErrors.find((entry) => entry.message.includes('!explode'))
      assert.ok(logged?.error instanceof Error && logged.error.stack, 'the console got the stack')
      assert.match(await ask(alex, '!status', { lines: 2 }), /^cedar \S+: idle/, 'the bot still answers')
    } finally {
      unregister()
    }
  })

  test('long replies are split to the chat limit, in chat and in whispers', async () => {
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`)
    const unregister = cedarBot.cedar.commands.register(
      defineCommand({ name: 'essay', summary: 'a long reply', params: [], run: () => words.join(' ') }),
    )
    try {
      for (const via of ['chat', 'whisper'] as const) {
        const lines: string[] = []
        const listener = (username: string, message: string) => {
          if (username === 'cedar') lines.push(message)
        }
        alex.on(via, listener)
        const last =
          via === 'chat'
            ? nextChat(alex, 'cedar', (m) => m.endsWith('word119'))
            : nextWhisper(alex, 'cedar', (m) => m.endsWith('word119'))
        if (via === 'chat') alex.chat('!essay')
        else alex.whisper('cedar', 'essay')
        await last
        alex.removeListener(via, listener)
        assert.ok(lines.length >= 3, `${via}: ${lines.length} lines`)
        const limit = via === 'chat' ? 256 : 256 - '/tell Alex '.length
        for (const line of lines) assert.ok(line.length <= limit, `${via}: a line of ${line.length} characters`)
        assert.deepEqual(lines.join(' ').split(' '), words, `${via}: every word arrives once, in order`)
      }
    } finally {
      unregister()
    }
  })

  test('!follow runs until !stop, which cancels it and halts the pathfinder', async () => {
    const started = waitFor(cedarBot, 'cedarTaskStart', (task) => task.name === 'follow')
    assert.equal(await ask(alex, '!follow'), 'following Alex; say !stop to end')
    await started
    assert.ok(cedarBot.pathfinder.goal, 'following sets a goal')
    assert.match(await ask(alex, '!status', { lines: 2 }), /: following Alex for \d+ s \(asked by Alex\)/)
    assert.equal(await ask(alex, '!come'), 'busy with following Alex; say !stop first')
    const ended = waitFor(cedarBot, 'cedarTaskEnd', (task) => task.name === 'follow')
    assert.equal(await ask(alex, '!stop'), 'stopped following Alex')
    const [, end] = await ended
    assert.deepEqual(end, { status: 'cancelled', reason: 'stopped by Alex' })
    assert.equal(cedarBot.pathfinder.goal, null)
    assert.equal(cedarBot.cedar.tasks.current, undefined)
  })

  test('!come walks to the player', async () => {
    alex.chat('/tp Alex 6 5 0')
    await waitUntil(cedarBot, () => (cedarBot.players.Alex?.entity?.position.x ?? 0) > 5, 'cedar sees Alex move')
    const arrived = nextChat(alex, 'cedar', (m) => m === 'here I am', 15_000)
    assert.equal(await ask(alex, '!come 2'), 'coming, Alex')
    await arrived
    const distance = cedarBot.entity.position.distanceTo(alex.entity.position)
    assert.ok(distance <= 3, `ended ${distance.toFixed(2)} blocks away`)
  })

  test('!mode lists the reflexes and switches one: !mode shelter off turns the shelter reflex off', async () => {
    assert.equal(await ask(alex, '!mode'), 'reflexes: eat on, escape on, fight on, shelter on, armour on')
    assert.equal(await ask(alex, '!mode shelter off'), 'shelter reflex: off')
    assert.deepEqual(cedarBot.cedar.reflexes.list(), {
      eat: true,
      escape: true,
      fight: true,
      shelter: false,
      armour: true,
    })
    assert.match(await ask(alex, '!mode sleep off'), /sleep/)
    assert.equal(await ask(alex, '!mode shelter on'), 'shelter reflex: on')
    assert.equal(cedarBot.cedar.reflexes.list().shelter, true)
  })

  test('bot.cedar.execute runs a command line from code, trusted', async () => {
    assert.deepEqual(await cedarBot.cedar.execute('help stop'), [
      '!stop - stop whatever I am doing\n  also: !cancel, !halt',
    ])
    assert.deepEqual(await cedarBot.cedar.execute('nope'), ['unknown command nope; say !help for the list'])
  })
})

describe('cedar plugin flood guard and options', () => {
  let session: TestSession
  after(() => session?.close())

  test('a flooding owner is told once to slow down, then ignored', async () => {
    session = await openSession()
    const bot = await session.bot('cedar', {
      botOptions: {
        plugins: {
          cedar: createCedar({ owners: ['Alex'], rateLimit: { commands: 2, perSeconds: 600 }, logger: quietLogger }),
        },
      },
    })
    const alex = await session.bot('Alex')
    const replies: string[] = []
    alex.on('whisper', (username, message) => {
      if (username === 'cedar') replies.push(message)
    })
    const slowDown = nextWhisper(alex, 'cedar', (m) => m.startsWith('slow down'))
    for (let i = 0; i < 4; i++) alex.whisper('cedar', 'status')
    await slowDown
    // Once cedar has seen a fifth command, it whispers a marker: the server keeps order, so every reply cedar
    // sent for the five commands reaches Alex before the marker does.
    const fifthSeen = waitFor(bot, 'whisper', (username, message) => username === 'Alex' && message === 'status #5')
    alex.whisper('cedar', 'status #5')
    await fifthSeen
    const marker = nextWhisper(alex, 'cedar', (m) => m === 'marker')
    bot.whisper('Alex', 'marker')
    await marker
    // !status answers in two lines: the bot's state, then owners and LLM.
    const kinds = replies.map((r) => (/^cedar \S+: idle/.test(r) ? 'status' : /^owners: Alex;/.test(r) ? 'owners' : r))
    // The marker comes last; the others in any order (the limit is checked before an answer is composed).
    assert.equal(kinds.pop(), 'marker')
    assert.deepEqual(kinds.sort(), [
      'owners',
      'owners',
      'slow down: at most 2 commands in 600 s; I will listen again shortly',
      'status',
      'status',
    ])
  })
})
