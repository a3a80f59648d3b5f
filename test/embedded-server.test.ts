// The embedded flying-squid server with real mineflayer bots.
// Run: node --import tsx --test --test-force-exit test/embedded-server.test.ts
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import type { Bot } from 'mineflayer'
import { plugin as collectBlock } from 'mineflayer-collectblock'
import { startEmbeddedServer } from '../plugin/server/embedded-server.js'
import {
  closeAll,
  connectBot,
  nextChat,
  nextMessage,
  nextWhisper,
  openSession,
  serverTicks,
  startTestServer,
  TEST_SPAWN,
  TEST_VERSION,
  type TestSession,
  waitFor,
  waitUntil,
} from './harness/index.js'

interface Point {
  x: number
  y: number
  z: number
}
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z)
const seesPlayer = (bot: Bot, username: string) => bot.players[username]?.entity?.type === 'player'

describe(`embedded server ${TEST_VERSION} with two bots`, () => {
  let session: TestSession
  let alice: Bot
  let bob: Bot

  before(async () => {
    session = await openSession()
    alice = await session.bot('Alice')
    bob = await session.bot('Bob')
  })
  after(() => session?.close())

  test('bots spawn at the fixed spawn point, on the superflat grass', () => {
    assert.ok(distance(alice.entity.position, TEST_SPAWN) < 0.01, `Alice spawned at ${alice.entity.position}`)
    assert.equal(alice.blockAt(alice.entity.position.offset(0, -1, 0))?.name, 'grass_block')
  })

  test('the two bots see each other as players, and a late joiner sees both', async () => {
    await waitUntil(alice, () => seesPlayer(alice, 'Bob'), 'Alice sees Bob as a player')
    await waitUntil(bob, () => seesPlayer(bob, 'Alice'), 'Bob sees Alice as a player')
    assert.equal(alice.players.Bob?.entity?.name, 'player') // not a boat (patch 1)

    const carol = await session.bot('Carol')
    await waitUntil(carol, () => seesPlayer(carol, 'Alice') && seesPlayer(carol, 'Bob'), 'Carol sees Alice and Bob')
    await waitUntil(alice, () => seesPlayer(alice, 'Carol'), 'Alice sees Carol')

    const left = waitFor(alice, 'playerLeft', (player) => player.username === 'Carol')
    await session.quit(carol)
    await left
  })

  test('chat from one bot reaches the other with its username', async () => {
    const heard = nextChat(bob, 'Alice')
    alice.chat('hello from Alice')
    assert.deepEqual(await heard, { username: 'Alice', message: 'hello from Alice' })
  })

  test('join and leave lines are formatted chat (yellow), without the raw "&e" flying-squid writes', async () => {
    const joined = waitFor(alice, 'message', (m) => m.toString().includes('Erin joined'), 15_000)
    const erin = await session.bot('Erin')
    const [join] = await joined
    assert.equal(join.toString(), 'Erin joined the game.')
    assert.match(JSON.stringify(join.json), /"color":"yellow"/)
    const left = waitFor(alice, 'message', (m) => m.toString().includes('Erin left'), 15_000)
    await session.quit(erin)
    const [leave] = await left
    assert.equal(leave.toString(), 'Erin left the game.')
  })

  test('a chat line over 256 characters reaches the other bot in 256-character pieces', async () => {
    const long = `${'a'.repeat(256)}${'b'.repeat(44)}`
    const first = nextChat(bob, 'Alice', (m) => m.startsWith('a'))
    const second = nextChat(bob, 'Alice', (m) => m.startsWith('b'))
    alice.chat(long) // mineflayer splits at 256; the server relays each piece as sent
    assert.equal((await first).message, 'a'.repeat(256))
    assert.equal((await second).message, 'b'.repeat(44))
  })

  test("bot.whisper fires 'whisper' on the target with the sender's name and the message", async () => {
    const received = nextWhisper(alice, 'Bob')
    const echoed = nextMessage(bob, (line) => line === 'You whisper to Alice: meet at the oak & bring 3 logs')
    bob.whisper('Alice', 'meet at the oak & bring 3 logs')
    assert.deepEqual(await received, { username: 'Bob', message: 'meet at the oak & bring 3 logs' })
    await echoed
  })

  test('/msg and /w work too; bad usage and unknown players are answered', async () => {
    const viaMsg = nextWhisper(bob, 'Alice', (m) => m === 'via msg')
    alice.chat('/msg Bob via msg')
    await viaMsg
    const viaW = nextWhisper(bob, 'Alice', (m) => m === 'via w')
    alice.chat('/w bob via w') // player names match case-insensitively, as in vanilla
    await viaW

    const usage = nextMessage(alice, (line) => line === 'Usage: /tell <player> <message>')
    alice.chat('/tell Bob')
    await usage
    const unknown = nextMessage(alice, (line) => line === 'No player was found: Nobody')
    alice.chat('/tell Nobody hi')
    await unknown
  })

  test('a block placed with setBlock (and a fill) is seen by the bot', async () => {
    const pos = { x: 3, y: 5, z: 3 }
    await session.server.setBlock(pos, 'diamond_block')
    await waitUntil(
      alice,
      () => alice.blockAt(alice.entity.position.offset(2.5, 0, 2.5))?.name === 'diamond_block',
      'the block shows',
    )

    await session.server.fill({ x: -3, y: 5, z: 3 }, { x: -1, y: 6, z: 3 }, 'minecraft:oak_planks')
    const at = (x: number, y: number) => alice.blockAt(alice.entity.position.offset(x - 0.5, y - 5, 2.5))?.name
    await waitUntil(
      alice,
      () => [at(-3, 5), at(-2, 6), at(-1, 5), at(-1, 6)].every((n) => n === 'oak_planks'),
      'the fill shows',
    )
  })

  test('setBlock with an unknown block name rejects with a clear error', async () => {
    await assert.rejects(session.server.setBlock({ x: 0, y: 5, z: 5 }, 'diamondblock'), {
      message: new RegExp(`^Unknown block name "diamondblock" for Minecraft ${TEST_VERSION.replaceAll('.', '\\.')}\\.`),
    })
    await assert.rejects(
      session.server.fill({ x: 0, y: 5, z: 5 }, { x: 1, y: 5, z: 5 }, 'no_such_block'),
      /Unknown block name/,
    )
  })

  test('a teleport of more than 7 blocks keeps the onlooker connected and moves the player for it', async () => {
    const dave = await session.bot('Dave')
    let aliceEnded = false
    alice.once('end', () => {
      aliceEnded = true
    })
    const target = { x: 12.5, y: 5, z: 0.5 }
    dave.chat('/tp 12 5 0')
    await waitUntil(dave, () => distance(dave.entity.position, target) < 1, 'Dave is at the target')
    await waitUntil(
      alice,
      () => {
        const seen = alice.players.Dave?.entity?.position
        return seen !== undefined && distance(seen, target) < 1
      },
      'Alice sees Dave at the target',
    )
    const stillHere = nextChat(dave, 'Alice', (m) => m === 'still here')
    alice.chat('still here')
    await stillHere
    assert.equal(aliceEnded, false)
    await session.quit(dave)
  })
})

describe(`embedded server ${TEST_VERSION}: digging and picking up`, () => {
  let session: TestSession
  before(async () => {
    session = await openSession()
  })
  after(() => session?.close())

  test('a dug block drops an item the bot sees (itemDrop) and collects into its inventory', async () => {
    const miner = await session.bot('Miner', { plugins: [collectBlock] })
    await waitUntil(
      miner,
      () => miner.pathfinder != null && (miner as { tool?: unknown }).tool != null,
      'plugins loaded',
    )
    // (collectblock's own Movements must keep canDig: with canDig false, safeToBreak() says no and it skips the block)
    const pos = miner.entity.position.offset(2, 0, 0).floored()
    await session.server.setBlock(pos, 'dirt')
    await waitUntil(miner, () => miner.blockAt(pos)?.name === 'dirt', 'the dirt shows')

    const dirtId = miner.registry.itemsByName.dirt?.id
    assert.ok(dirtId !== undefined)
    const before = miner.inventory.count(dirtId, null)
    const dropped = waitFor(miner, 'itemDrop', (entity) => distance(entity.position, pos.offset(0.5, 0.5, 0.5)) < 1)
    const block = miner.blockAt(pos)
    assert.ok(block)
    await miner.collectBlock.collect(block)
    const [item] = await dropped
    assert.equal(item.getDroppedItem()?.name, 'dirt')
    await waitUntil(miner, () => miner.inventory.count(dirtId, null) === before + 1, 'the dirt is in the inventory')
    assert.equal(miner.blockAt(pos)?.name, 'air')
  })
})

describe(`embedded server ${TEST_VERSION}: blocks without a loot table`, () => {
  let session: TestSession
  before(async () => {
    session = await openSession()
  })
  after(() => session?.close())

  test('a finished dig of short grass (no loot table in minecraft-data) drops nothing and the server stays up', async () => {
    const digger = await session.bot('Digger')
    // The digger's own client is not told its dig succeeded (a vanilla client has already drawn the air): another
    // player watches the block.
    const watcher = await session.bot('Watcher')
    const stone = digger.entity.position.offset(0, -1, 0).floored()
    const grass = digger.entity.position.offset(0, 0, 2).floored()
    await session.server.setBlock(stone, 'stone')
    await session.server.setBlock(grass, 'short_grass')
    await waitUntil(watcher, () => watcher.blockAt(grass)?.name === 'short_grass', 'the grass shows')
    // flying-squid times a dig from its start packet and reads the block at its finish packet: a dig started on
    // stone (slow by hand) and finished on the grass — a dig interrupted by a path change does this — counts as
    // done early, and the grass's loot was read from a table minecraft-data does not have. Before patch 7 that
    // threw in the server's packet handler and the process died with it.
    const started = waitFor<[{ sequenceId: number }]>(
      digger._client,
      'acknowledge_player_digging',
      (packet) => packet.sequenceId === 1,
    )
    digger._client.write('block_dig', { status: 0, location: stone, face: 1, sequence: 1 })
    await started
    digger._client.write('block_dig', { status: 2, location: grass, face: 1, sequence: 2 })
    await waitUntil(watcher, () => watcher.blockAt(grass)?.name === 'air', 'the grass is gone')
    await session.server.setBlock(grass, 'dirt')
    await waitUntil(watcher, () => watcher.blockAt(grass)?.name === 'dirt', 'the server still answers')
  })
})

describe(`embedded server ${TEST_VERSION}: the clock`, () => {
  let session: TestSession
  before(async () => {
    session = await openSession()
  })
  after(() => session?.close())

  test('a time set in the tick of the day cycle’s step stays set (the bed’s skip to the morning was undone)', async () => {
    const bot = await session.bot('Sleeper')
    const serv = session.server.serv
    session.server.setTime(14_000)
    await waitUntil(bot, () => bot.time.timeOfDay >= 14_000 && bot.time.timeOfDay < 15_000, 'night on the client')
    // The beds' night skip is a tick listener like this one, set off in a tick where the day cycle steps too.
    await new Promise<void>((resolve) => {
      const onTick = (_delta: number, count: number) => {
        if (count % 20 !== 0) return
        serv.off('tick', onTick)
        session.server.setTime(0)
        resolve()
      }
      serv.on('tick', onTick)
    })
    await serverTicks(serv, 45, 30_000)
    assert.ok(bot.time.timeOfDay < 1000, `the client's clock is at ${bot.time.timeOfDay}, back in the night`)
    assert.ok(bot.time.isDay)
  })
})

describe('server lifecycle', () => {
  test('close() frees the port: a second server binds it, and two start/stop cycles work', async () => {
    const first = await startTestServer()
    const port = first.port
    assert.ok(port > 0)
    const bot = await connectBot(first, 'Cycler')
    const kicked = waitFor(bot, 'end')
    await first.close()
    await kicked // connected bots are disconnected by close()
    await first.close() // idempotent

    const second = await startTestServer({ port })
    try {
      assert.equal(second.port, port)
      const again = await connectBot(second, 'Cycler')
      assert.ok(again.entity)
      await closeAll(second, [again])
      await assert.rejects(connectBot(second, 'TooLate', { timeoutMs: 3_000 }), /Bot "TooLate" did not spawn on/)
    } finally {
      await second.close()
    }
  })

  test('a port already in use gives a clear error', async () => {
    const server = await startTestServer()
    try {
      await assert.rejects(startTestServer({ port: server.port }), {
        message: new RegExp(`could not listen on 127\\.0\\.0\\.1:${server.port}: .*EADDRINUSE`),
      })
    } finally {
      await server.close()
    }
  })

  test('a closed server leaves nothing that keeps the process alive', async () => {
    const entry = fileURLToPath(new URL('../plugin/server/embedded-server.ts', import.meta.url))
    const script = `
      const { startEmbeddedServer } = await import(${JSON.stringify(entry)})
      const { createBot } = await import('mineflayer')
      const server = await startEmbeddedServer({ version: ${JSON.stringify(TEST_VERSION)} })
      const bot = createBot({ host: server.host, port: server.port, username: 'Child', version: server.version, auth: 'offline', hideErrors: true })
      await new Promise((resolve, reject) => { bot.once('spawn', resolve); bot.once('end', reject) })
      await server.close()
      console.log('closed')`
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: ['pipe', 'pipe', 'inherit'], // an open stdin pipe must not keep it alive either
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
    })
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    const [code, signal] = await waitFor<[number | null, string | null]>(child, 'exit', undefined, 25_000)
    clearTimeout(timer)
    assert.equal(out.trim(), 'closed')
    assert.deepEqual({ code, signal }, { code: 0, signal: null }, 'the child process should exit by itself')
  })

  test('startEmbeddedServer rejects a view distance below 3', async () => {
    await assert.rejects(startEmbeddedServer({ viewDistance: 2 }), /viewDistance must be an integer >= 3/)
  })
})
