import type { Command } from 'commander'
import type { CedarLogger } from '../config/options.js'
import type { StartEvent } from '../start/run-bot.js'
import { readStartProfile } from '../start/start-profile.js'
import { resolveStartSettings } from '../start/start-settings.js'
import type { CliIo } from './io.js'
import { createOutput, type Output } from './output.js'

interface StartFlags {
  host?: string
  port?: string
  mcVersion?: string
  username?: string
  owners?: string
  world?: string
  seed?: string
  consolePort?: string
  consoleHost?: string
  console?: boolean
  auth?: string
  reconnect?: boolean
  bots?: string
  profile?: string
  json?: boolean
}

export function addStartCommand(program: Command, io: CliIo): void {
  program
    .command('start')
    .description('run a bot with the plugin (what `npm start` does); without a host, on an embedded local server')
    .option('--host <host>', 'server to join (env MC_HOST); omit to start an embedded server on 127.0.0.1')
    .option('--port <port>', 'server port (env MC_PORT; default 25565; 0 picks a free one for the embedded server)')
    .option('--mc-version <version>', 'Minecraft version (env MC_VERSION; embedded default 1.21.4)')
    .option('--username <name>', "the bot's name (env MC_USERNAME; default cedar)")
    .option('--owners <names>', 'players the bot obeys, comma-separated, or * (env CEDAR_OWNERS)')
    .option(
      '--world <type>',
      'embedded world: survival (seeded terrain, trees, ores) or flat (env MC_WORLD; default survival)',
    )
    .option('--seed <n>', 'embedded world seed, 0 to 2147483647 (env CEDAR_SEED; default random, printed)')
    .option('--console-port <port>', 'web console port (env CEDAR_CONSOLE_PORT; default 0: a free one, printed)')
    .option('--console-host <host>', 'web console address (env CEDAR_CONSOLE_HOST; default 127.0.0.1)')
    .option('--no-console', 'no web console (env CEDAR_CONSOLE=off)')
    .option('--auth <type>', 'offline, or microsoft for a premium account on --host (env MC_AUTH; default offline)')
    .option('--no-reconnect', 'exit when kicked or the connection is lost (env CEDAR_RECONNECT=off)')
    .option(
      '--bots <n>',
      'a fleet: N bots (1-8) in this process on one store, named USERNAME, USERNAME2, ...; a whisper commands one, ' +
        'a public command all; each has a console listing them all (env CEDAR_BOTS; default 1)',
    )
    .option(
      '--profile <file>',
      'a JSON file of these settings and the plugin\'s options under "cedar" (env CEDAR_PROFILE; flags and env win)',
    )
    .option('--json', 'print one JSON object per event instead of text')
    .action(async (flags: StartFlags) => {
      const out = createOutput(flags.json ?? false, io)
      await start(flags, out, io)
    })
}

async function start(flags: StartFlags, out: Output, io: CliIo): Promise<void> {
  let settings: ReturnType<typeof resolveStartSettings>
  try {
    const profileFile = flags.profile ?? (io.env.CEDAR_PROFILE || undefined)
    const profile = profileFile === undefined ? undefined : readStartProfile(profileFile)
    settings = resolveStartSettings(
      {
        host: flags.host,
        port: flags.port,
        version: flags.mcVersion,
        username: flags.username,
        owners: flags.owners,
        world: flags.world,
        seed: flags.seed,
        consolePort: flags.consolePort,
        consoleHost: flags.consoleHost,
        // commander makes a --no-X flag true when it is not given; only a given one may hide the profile's value.
        console: flags.console === false ? false : undefined,
        auth: flags.auth,
        reconnect: flags.reconnect === false ? false : undefined,
        bots: flags.bots,
      },
      io.env,
      profile,
    )
  } catch (error) {
    out.fail((error as Error).message)
    return
  }
  const report = (event: StartEvent) => out.result(describe(event), event)
  // With --json, stdout carries only JSON lines; the plugin's own log goes to stderr.
  const logger: CedarLogger = out.json
    ? { info: (m) => console.error(m), warn: (m) => console.error(m), error: (m, e) => console.error(m, e ?? '') }
    : console
  const { runBot } = await import('../start/run-bot.js')
  let running: Awaited<ReturnType<typeof runBot>>
  try {
    running = await runBot(settings, report, logger)
  } catch (error) {
    out.fail((error as Error).message)
    // A failed client keeps mineflayer's 30 s keep-alive timer; nothing is left to finish, so do not wait for it.
    io.exit()
  }
  await new Promise<void>((resolve) => {
    let signals = 0
    const shutdown = () => {
      signals += 1
      if (signals > 1) io.exit(130) // a second Ctrl-C means "now"
      void running.stop().then(resolve, resolve)
    }
    // flying-squid's log plugin installs exit-hook, whose SIGINT handler calls process.exit() at once, before the
    // bot has quit; this process owns its signals, so those handlers go and ours does the orderly stop. Only the
    // listeners `process.listeners` shows go: when run by the tsx CLI, tsx hides its own, which tells the tsx parent
    // that this process handles the signal (removed, the parent SIGKILLs us 60 ms after a Ctrl-C). `npm start` runs
    // `node --import tsx` instead, with no parent to relay: that parent gives the child 30 ms to say it handles
    // the signal, which a loaded machine misses, and then kills it before the bot could quit.
    // Ours goes on before the others go: with no listener left for a moment, Node stops watching the signal and
    // drops one already caught but not yet handed to JavaScript (a Ctrl-C sent the moment the console line was
    // printed), and the bot never stopped.
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, shutdown)
      for (const listener of process.listeners(signal))
        if (listener !== shutdown) process.removeListener(signal, listener)
    }
    // Gone for good only with reconnecting off: otherwise it joins again by itself.
    void running.ended.then(() => {
      if (signals === 0) {
        void running.stop().then(() => {
          io.setExitCode(1)
          resolve()
        })
      }
    })
  })
  // flying-squid and mineflayer leave timers and a stdin reader behind; everything is closed, so leave now.
  io.exit()
}

function describe(event: StartEvent): string {
  switch (event.event) {
    case 'server':
      return [
        `embedded Minecraft ${event.version} server (offline mode) listening on ${event.host}:${event.port}`,
        `world: ${event.world === 'flat' ? 'superflat' : 'survival'}, seed ${event.seed}${
          event.spawn
            ? `, spawn ${Math.floor(event.spawn.x)} ${Math.floor(event.spawn.y)} ${Math.floor(event.spawn.z)}`
            : ''
        } (CEDAR_SEED=${event.seed} makes it again)`,
        `join it: Minecraft ${event.version} > Multiplayer > Direct Connection > localhost:${event.port}`,
      ].join('\n')
    case 'owners':
      return `owners: ${event.note}`
    case 'spawned':
      return `bot ${event.username} joined ${event.host}:${event.port} (Minecraft ${event.version}); say !help in chat. Ctrl-C stops.`
    case 'console':
      return `web console of ${event.username} (watch and command it from a browser): ${event.url}`
    case 'disconnected':
      return `bot disconnected: ${event.reason}`
    case 'reconnecting':
      return `reconnecting in ${Math.round(event.inMs / 1000)} s (try ${event.attempt}) after ${event.reason}`
    case 'stopped':
      return 'stopped'
  }
}
