// The plugin as a Mineflayer user adds it: the packed tarball installed by npm into a fresh bot project that already
// has its own mineflayer (the newest), a TypeScript bot compiled against both, run against the embedded server, and
// answering !help in chat. npm resolves against a loopback registry that serves our lockfile's versions (see
// harness/lockfile-registry.ts), so its real resolution decides how many mineflayers the user ends up with.
import assert from 'node:assert/strict'
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { promisify } from 'node:util'
import type { Bot } from 'mineflayer'
import type { EmbeddedServer } from '../plugin/server/embedded-server.js'
import { closeAll, connectBot, nextChat, startTestServer, withTimeout } from './harness/index.js'
import { type LockfileRegistry, startLockfileRegistry } from './harness/lockfile-registry.js'
import { packedTarball } from './support/pack.js'

const root = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string }>
}
const version = (name: string): string => {
  const found = lock.packages[`node_modules/${name}`]?.version
  if (!found) throw new Error(`${name} is not in package-lock.json`)
  return found
}

/** The user's bot: their own mineflayer, our plugin by its package name, typed events and `bot.cedar`. */
const BOT_SOURCE = `import { createBot } from 'mineflayer'
import { createCedar, type CedarApi } from 'mineflayer-cedar'

const bot = createBot({
  host: '127.0.0.1',
  port: Number(process.env.MC_PORT),
  version: process.env.MC_VERSION,
  username: 'cedar',
  auth: 'offline',
})
bot.loadPlugin(createCedar({ owners: ['Alex'], storePath: process.env.CEDAR_STORE }))
bot.on('cedarCommand', ({ username, name }) => console.log(\`command \${username} \${name}\`))
bot.once('spawn', () => {
  const api: CedarApi = bot.cedar
  console.log(\`spawned \${api.isOwner('Alex')} \${api.isOwner('Eve')}\`)
})
bot.on('kicked', (reason) => console.log('kicked', reason))
`

describe('drop-in: the packed plugin in a user bot with the newest mineflayer', { timeout: 600_000 }, () => {
  let work: string
  let project: string
  let registry: LockfileRegistry | undefined
  let server: EmbeddedServer | undefined
  let child: ChildProcess | undefined
  let alex: Bot | undefined

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'cedar-drop-in-'))
    registry = await startLockfileRegistry(path.join(root, 'package-lock.json'))
    const tarball = await packedTarball(work)
    project = path.join(work, 'my-bot')
    await mkdir(project)
    await writeFile(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'my-bot',
        private: true,
        type: 'module',
        dependencies: { mineflayer: version('mineflayer'), 'mineflayer-cedar': `file:${tarball}` },
        devDependencies: { '@types/node': version('@types/node') },
      }),
    )
    // npm's real install: resolution, peer dependencies, dedupe. Tarballs come from the npm cache `npm ci` filled.
    await run('npm', ['install', '--no-audit', '--no-fund', '--registry', registry.url], {
      cwd: project,
      timeout: 400_000,
      maxBuffer: 16 * 1024 * 1024,
    })
  })

  after(async () => {
    child?.kill()
    await closeAll(server, [alex])
    await registry?.close()
    if (work) await rm(work, { recursive: true, force: true })
  })

  test('npm installs exactly one mineflayer: the user’s own, which the plugin shares', async () => {
    const listed = await run('npm', ['ls', 'mineflayer', '--all', '--parseable'], { cwd: project })
    const copies = listed.stdout
      .split('\n')
      .filter((line) => /node_modules[\\/]mineflayer$/.test(line.trim()))
      .map((line) => path.relative(project, line.trim()))
    assert.deepEqual(copies, [path.join('node_modules', 'mineflayer')])
    const installed = JSON.parse(await readFile(path.join(project, 'node_modules/mineflayer/package.json'), 'utf8'))
    assert.equal(installed.version, version('mineflayer'))
    // npm resolved against the loopback registry (not a cache of some other run's tree).
    assert.ok(registry?.requests.includes('/mineflayer-pathfinder'), registry?.requests.join(' '))
  })

  test('a TypeScript bot that loads the plugin compiles and answers !help in chat', async () => {
    await writeFile(path.join(project, 'bot.ts'), BOT_SOURCE)
    await writeFile(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: ['node'],
          outDir: '.',
        },
        files: ['bot.ts'],
      }),
    )
    // The compiler of this checkout, on the user's project: its types come from the user's node_modules only.
    const tsc = path.join(root, 'node_modules', '.bin', 'tsc')
    const compiled = await run(tsc, ['-p', project]).catch((error: { stdout?: string }) => {
      throw new Error(`the user's bot does not compile:\n${error.stdout}`)
    })
    assert.equal(compiled.stdout, '')

    server = await startTestServer()
    const output: string[] = []
    const spawned = new Promise<string>((resolve, reject) => {
      child = spawn(process.execPath, ['bot.js'], {
        cwd: project,
        env: {
          ...process.env,
          MC_PORT: String(server?.port),
          MC_VERSION: server?.version,
          CEDAR_STORE: path.join(work, 'store'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
        output.push(chunk)
        if (output.join('').includes('spawned')) resolve(output.join(''))
      })
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk))
      child.once('exit', (code) => reject(new Error(`the user's bot exited (${code}):\n${output.join('')}`)))
    })
    assert.match(await withTimeout(spawned, 60_000, 'the user’s bot to spawn'), /spawned true false/)

    alex = await connectBot(server, 'Alex')
    const reply = nextChat(alex, 'cedar', () => true, 30_000)
    const logged = new Promise<void>((resolve) => {
      const look = () => output.join('').includes('command Alex help') && resolve()
      child?.stdout?.on('data', look)
      look()
    })
    alex.chat('!help')
    assert.match((await reply).message, /^commands: !help, !status, !stop, .* Say !help <command> for details\.$/)
    // The bot's own log line comes through its stdout pipe, which may lag the chat.
    await withTimeout(logged, 10_000, 'the user’s cedarCommand listener to log the command')
  })

  test('npx cedar start from the installed package starts the embedded server (flying-squid, optional) and the bot', async () => {
    const cedarBin = path.join(project, 'node_modules', '.bin', 'cedar')
    const started = spawn(cedarBin, ['start', '--port', '0', '--world', 'flat'], {
      cwd: project,
      env: { ...process.env, CEDAR_STORE: path.join(work, 'start-store'), MC_HOST: '', OPENAI_API_KEY: '' },
      // Its own process group, so a SIGINT to the group is what Ctrl-C in a terminal sends.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const output: string[] = []
    const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)))
    // The pipe closes only when every process holding it has exited: that is "all stopped".
    const closed = new Promise<void>((resolve) => started.stdout?.once('close', () => resolve()))
    try {
      const joined = new Promise<void>((resolve, reject) => {
        const look = (chunk: string) => {
          output.push(chunk)
          // The web console's address is the last line `cedar start` prints while starting, in the same turn of the
          // event loop as it takes Ctrl-C over. A Ctrl-C sent on "joined", before that, went unanswered on a loaded
          // machine.
          if (/web console of \S+ \(.*\): http:\/\/127\.0\.0\.1:\d+\//.test(output.join(''))) resolve()
        }
        started.stdout?.setEncoding('utf8').on('data', look)
        started.stderr?.setEncoding('utf8').on('data', look)
        void exited.then((code) => reject(new Error(`cedar start exited (${code}):\n${output.join('')}`)))
      })
      await withTimeout(joined, 120_000, 'the installed cedar start to bring its bot in and open its console')
      assert.match(output.join(''), /listening on 127\.0\.0\.1:\d+/)
      assert.match(output.join(''), /bot cedar joined 127\.0\.0\.1:\d+/)
    } finally {
      process.kill(-(started.pid ?? 0), 'SIGINT')
      await withTimeout(closed, 30_000, `cedar start to stop on Ctrl-C:\n${output.join('')}`)
    }
    assert.match(output.join(''), /\nstopped\n/, 'a clean stop')
  })
})
