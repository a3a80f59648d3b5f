// The `cedar` command as a newcomer meets it: from a checkout (`npm run --silent cedar -- ...`) and installed from
// the packed tarball (`npx cedar ...`).
import assert from 'node:assert/strict'
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises'
import { type AddressInfo, createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { CEDAR_VERSION } from '../plugin/version.js'

const root = path.resolve(import.meta.dirname, '..')
const run = promisify(execFile)

interface Result {
  code: number
  stdout: string
  stderr: string
}

/** Runs a command to completion, never throwing on a non-zero exit: the test inspects the code. */
async function exec(
  file: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Result> {
  const env = { ...cleanEnv(), ...options.env }
  try {
    const { stdout, stderr } = await run(file, args, { cwd: options.cwd ?? root, env, timeout: 60_000 })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string }
    return {
      code: typeof failed.code === 'number' ? failed.code : -1,
      stdout: failed.stdout ?? '',
      stderr: failed.stderr ?? '',
    }
  }
}

/** The caller's environment without the settings under test, so a developer's own MC_* or OPENAI_* cannot leak in. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  for (const key of Object.keys(env)) {
    if (/^(MC_|CEDAR_|OPENAI_)/.test(key)) delete env[key]
  }
  return env
}

const cedarFromCheckout = (args: string[], env?: NodeJS.ProcessEnv) =>
  exec('npm', ['run', '--silent', 'cedar', '--', ...args], env ? { env } : {})

describe('cedar CLI from a checkout', () => {
  test('--help lists the subcommands and prints nothing else', async () => {
    const result = await cedarFromCheckout(['--help'])
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /^Usage: cedar \[options\] \[command\]\n/)
    assert.match(result.stdout, /\n {2}start \[options\] +run a bot with the plugin/)
    assert.match(result.stdout, /\n {2}config \[options\] +check the configuration/)
    assert.equal(result.stderr, '')
  })

  test('--version prints the package version', async () => {
    const result = await cedarFromCheckout(['--version'])
    assert.deepEqual([result.code, result.stdout], [0, `${CEDAR_VERSION}\n`])
  })

  test('config --json reports the environment, never the API key', async () => {
    const result = await cedarFromCheckout(['config', '--json'], {
      MC_HOST: 'mc.example.org',
      MC_PORT: '25570',
      CEDAR_OWNERS: 'Alex,Bob',
      OPENAI_API_KEY: 'sk-secret-value',
      CEDAR_MODEL: 'llama3',
    })
    assert.equal(result.code, 0, result.stderr)
    const config = JSON.parse(result.stdout) as Record<string, unknown>
    assert.equal(config.server, 'mc.example.org:25570')
    assert.deepEqual(config.owners, ['Alex', 'Bob'])
    assert.deepEqual(config.llm, { enabled: true, model: 'llama3', baseURL: null, apiKey: 'set' })
    assert.doesNotMatch(result.stdout, /sk-secret-value/)
  })

  test('a bad setting is named, with exit code 1, in text and in JSON', async () => {
    const text = await cedarFromCheckout(['config'], { MC_PORT: 'eighty', CEDAR_OWNERS: 'Alex,not-a-name' })
    assert.equal(text.code, 1)
    assert.match(text.stderr, /^cedar: invalid start settings: port \(MC_PORT\): a port number from 0 to 65535\n$/)
    const json = await cedarFromCheckout(['config', '--json'], { OPENAI_BASE_URL: 'not a url' })
    assert.equal(json.code, 1)
    assert.match(JSON.parse(json.stdout).error, /OPENAI_BASE_URL: expected an http\(s\) URL/)
  })

  test('start against a server that is not there fails with the reason, not a hang', async () => {
    const port = await closedPort()
    const result = await cedarFromCheckout(['start', '--host', '127.0.0.1', '--port', String(port), '--json'])
    assert.equal(result.code, 1)
    const events = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.deepEqual(events[0], {
      event: 'owners',
      owners: [],
      note: 'no owners: the bot obeys nobody. Set CEDAR_OWNERS=YourName',
    })
    assert.match(
      String(events.at(-1)?.error),
      new RegExp(`^Bot "cedar" did not spawn on 127\\.0\\.0\\.1:${port}: connect ECONNREFUSED`),
    )
  })

  test('an unknown subcommand is refused with a pointer to --help', async () => {
    const result = await cedarFromCheckout(['dance'])
    assert.equal(result.code, 1)
    assert.match(result.stderr, /unknown command 'dance'/)
    assert.match(result.stderr, /add --help for usage/)
  })
})

/** A port nothing listens on: bound once by the OS, then released. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe('cedar installed from the packed package', () => {
  let work: string
  let project: string

  before(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'cedar-pack-'))
    const packed = await exec('npm', ['pack', '--silent', '--pack-destination', work])
    assert.equal(packed.code, 0, packed.stderr)
    const tarball = path.join(work, packed.stdout.trim().split('\n').pop() ?? '')
    // What `npm install <tarball>` lays out, without the registry: the package, its dependencies, its bin link.
    project = path.join(work, 'project')
    const modules = path.join(project, 'node_modules')
    const installed = path.join(modules, 'mineflayer-cedar')
    await mkdir(installed, { recursive: true })
    const untar = await exec('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1'])
    assert.equal(untar.code, 0, untar.stderr)
    for (const entry of await readdir(path.join(root, 'node_modules'))) {
      if (entry.startsWith('.') || entry === 'mineflayer-cedar') continue
      await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry))
    }
    await mkdir(path.join(modules, '.bin'))
    await symlink('../mineflayer-cedar/bin/cedar.js', path.join(modules, '.bin', 'cedar'))
    await exec('npm', ['init', '-y'], { cwd: project })
  })
  after(() => (work ? rm(work, { recursive: true, force: true }) : undefined))

  test('the package ships built JavaScript, not the sources or tests', async () => {
    const files = await readdir(path.join(project, 'node_modules', 'mineflayer-cedar'), { recursive: true })
    assert.ok(files.includes('dist/index.js') && files.includes('dist/index.d.ts'))
    assert.ok(files.includes('bin/cedar.js'))
    // The console's page is static HTML, CSS and browser JavaScript, served as it is: the one part of plugin/ that ships.
    const sources = files.filter(
      (f) => f.startsWith('test/') || (f.startsWith('plugin/') && !f.startsWith('plugin/console')),
    )
    assert.deepEqual(sources, [])
    assert.ok(!files.some((f) => f.startsWith('plugin/') && f.endsWith('.ts')), files.join(' '))
    assert.ok(files.includes('plugin/console/static/index.html'))
    // The shipped seed skills, read under the user's store (issue 23).
    assert.ok(files.includes('skills-store/skills/mine.logs.json'))
  })

  test('npx cedar --help prints the subcommands', async () => {
    const result = await exec('npx', ['--no-install', 'cedar', '--help'], { cwd: project })
    assert.equal(result.code, 0, result.stderr)
    assert.match(result.stdout, /^Usage: cedar \[options\] \[command\]\n/)
    assert.match(result.stdout, /\n {2}start \[options\]/)
  })

  test('plain Node imports the plugin', async () => {
    const script =
      "import('mineflayer-cedar').then((m) => console.log(typeof m.cedar, typeof m.createCedar, m.CEDAR_VERSION))"
    const result = await exec(process.execPath, ['-e', script], { cwd: project })
    assert.equal(result.code, 0, result.stderr)
    assert.equal(result.stdout, `function function ${CEDAR_VERSION}\n`)
  })

  test("the built plugin learns in its worker thread under plain Node (the worker's compiled entry ships)", async () => {
    const dist = path.join(project, 'node_modules', 'mineflayer-cedar', 'dist', 'plugin')
    const url = (file: string) => JSON.stringify(pathToFileURL(path.join(dist, file)).href)
    const script = [
      `const { WorkerComputation } = await import(${url('agent/compute/worker-computation.js')})`,
      `const { skillKey } = await import(${url('agent/skills/skill-key.js')})`,
      `const { loadRules } = await import(${url('world/rules.js')})`,
      'const rules = loadRules()',
      'const workers = new WorkerComputation()',
      "const skill = await workers.learnSkill(skillKey('mine', 'oak_log', rules), rules)",
      'console.log(skill.alphabet.join(" "))',
      'await workers.close()',
    ].join('\n')
    const result = await exec(process.execPath, ['--input-type=module', '-e', script], { cwd: project })
    assert.equal(result.code, 0, result.stderr)
    assert.equal(result.stdout, 'has.oak_log.1 mine.oak_log\n', 'the skill speaks its milestone and its action')
  })
})
