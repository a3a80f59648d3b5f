// Loading flying-squid and creating a server without letting it take over the process's console.

import { EventEmitter } from 'node:events'
import { createRequire } from 'node:module'
import readline from 'node:readline'
import type { MCServer, MCServerOptions, SquidVec3 } from 'flying-squid'
import { registerSurvivalGeneration } from './world/squid-generation.js'

type FlyingSquid = typeof import('flying-squid')
export type Vec3Constructor = new (x: number, y: number, z: number) => SquidVec3

export interface LoadedSquid {
  createMCServer: FlyingSquid['createMCServer']
  /** The `vec3` class flying-squid itself uses (its world code calls offset/floored on positions). */
  Vec3: Vec3Constructor
  /** flying-squid's resolved entry file (to load its own copies of prismarine modules). */
  entry: string
}

let loaded: Promise<LoadedSquid> | undefined

/** Imports flying-squid (an optional dependency: npm installs it unless told to omit optional ones) once per process. */
export function loadFlyingSquid(): Promise<LoadedSquid> {
  loaded ??= (async () => {
    let squid: FlyingSquid
    let entry: string
    try {
      squid = await import('flying-squid')
      entry = createRequire(import.meta.url).resolve('flying-squid')
    } catch (cause) {
      loaded = undefined
      throw new Error(
        'The embedded Minecraft server needs flying-squid, an optional dependency that is not installed ' +
          '(npm install flying-squid, or install without --omit=optional); or join a server with MC_HOST.',
        { cause },
      )
    }
    const { Vec3 } = createRequire(entry)('vec3') as { Vec3: Vec3Constructor }
    registerSurvivalGeneration(entry)
    return { createMCServer: squid.createMCServer, Vec3, entry }
  })()
  return loaded
}

/**
 * flying-squid's log plugin, when first loaded (by the first createMCServer of the process), opens a readline
 * interface on process.stdin (which keeps the process alive and turns every line typed into a server command
 * for every server), prints a "> " prompt on stdout, and — on a TTY — rewrites the global console.log. Its
 * serv.log also writes a cursor escape to stdout before every line, even when silent (the caller replaces
 * serv.log right after, but the world plugin logs the seed during creation). While the server is created, hand
 * it an inert readline interface, a no-op cursorTo and a non-TTY stdout so none of that happens. Later servers
 * reuse the cached module; the createInterface wrapper then is simply never called.
 */
export function createIsolatedServer(squid: LoadedSquid, options: MCServerOptions): MCServer {
  const { createInterface, cursorTo } = readline
  const isTTYDescriptor = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY')
  readline.createInterface = ((...args: Parameters<typeof readline.createInterface>) => {
    const [input] = args
    const isStdinOptions =
      typeof input === 'object' && input !== null && 'input' in input && input.input === process.stdin
    return isStdinOptions ? inertInterface() : createInterface(...args)
  }) as typeof readline.createInterface
  readline.cursorTo = ((...args: Parameters<typeof readline.cursorTo>) =>
    args[0] === process.stdout ? true : cursorTo(...args)) as typeof readline.cursorTo
  Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true, writable: true })
  try {
    return squid.createMCServer(options)
  } finally {
    readline.createInterface = createInterface
    readline.cursorTo = cursorTo
    if (isTTYDescriptor) Object.defineProperty(process.stdout, 'isTTY', isTTYDescriptor)
    else delete (process.stdout as { isTTY?: boolean }).isTTY
  }
}

function inertInterface(): readline.Interface {
  const rl = new EventEmitter()
  rl.setMaxListeners(0) // every server adds a 'line' listener that is never removed
  Object.assign(rl, { setPrompt() {}, prompt() {}, close() {} })
  return rl as unknown as readline.Interface
}
