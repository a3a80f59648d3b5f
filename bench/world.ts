// The world suite: how long the survival world generator takes per chunk (median and p95 over many chunks and
// seeds), and how long a mineflayer bot takes to join the embedded survival world with a view distance of 6 chunks
// (connect to spawned with every chunk around it loaded), each join on a fresh server.
import { createRequire } from 'node:module'
import { type Bot, createBot } from 'mineflayer'
import { type EmbeddedServer, startEmbeddedServer } from '../plugin/server/embedded-server.js'
import { type ChunkColumnClass, SurvivalWorldGenerator } from '../plugin/server/world/survival-generation.js'
import { waitForSpawn } from '../plugin/world/spawn.js'
import { goal } from './goals.js'
import { markdownTable } from './markdown-table.js'
import { median, type Suite, type SuiteOptions, type SuiteReport } from './suite.js'

const VERSION = '1.21.4'

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN
}

function chunkTimes(seeds: readonly number[], side: number): number[] {
  const squidRequire = createRequire(createRequire(import.meta.url).resolve('flying-squid'))
  const registry = squidRequire('prismarine-registry')(VERSION)
  const Chunk = squidRequire('prismarine-chunk')(registry) as ChunkColumnClass
  const times: number[] = []
  for (const seed of seeds) {
    const generator = new SurvivalWorldGenerator(seed, registry, Chunk)
    generator.generateChunk(100, 100) // warm-up: the first chunk pays for JIT compilation
    for (let x = 0; x < side; x++) {
      for (let z = 0; z < side; z++) {
        const started = performance.now()
        generator.generateChunk(x - side / 2, z - side / 2)
        times.push(performance.now() - started)
      }
    }
  }
  return times
}

/** Connect to spawned with every chunk in view loaded (what a player waits for before the world is drawn). */
async function joinTime(seed: number): Promise<number> {
  const server = await startEmbeddedServer({ generation: 'survival', seed, viewDistance: 6, version: VERSION })
  const started = performance.now()
  const bot = createBot({ host: server.host, port: server.port, username: 'joiner', version: VERSION, auth: 'offline' })
  try {
    await waitForSpawn(bot, 'joiner', `${server.host}:${server.port}`, 60_000)
    await bot.waitForChunksToLoad()
    return performance.now() - started
  } finally {
    await stop(server, bot)
  }
}

async function stop(server: EmbeddedServer, bot?: Bot): Promise<void> {
  if (bot) {
    const ended = new Promise<void>((resolve) => bot.once('end', () => resolve()))
    bot.quit()
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 3_000))])
  }
  await server.close()
}

export const worldSuite: Suite = {
  name: 'world',
  description: 'survival world: per-chunk generation time, bot join time at view distance 6',
  sources: ['bench/world.ts'],
  async run({ quick, log }: SuiteOptions): Promise<SuiteReport> {
    const seeds = quick ? [1, 2] : [1, 2, 3, 4, 5]
    const side = quick ? 6 : 12
    log(`world: generating ${seeds.length * side * side} chunks`)
    const times = chunkTimes(seeds, side)
    const joinSeeds = quick ? [1] : [1, 2, 3, 4, 5]
    const joins: number[] = []
    // A first server in a process pays flying-squid's module load (~1 s): start one before measuring.
    await stop(await startEmbeddedServer())
    for (const seed of joinSeeds) {
      log(`world: join, seed ${seed}`)
      joins.push(await joinTime(seed))
    }
    const ms = (v: number) => `${v.toFixed(1)} ms`
    const markdown = [
      '### Survival world',
      '',
      markdownTable(
        ['measure', 'n', 'median', 'p95', 'max'],
        [
          [
            'chunk generation',
            String(times.length),
            ms(median(times)),
            ms(percentile(times, 95)),
            ms(Math.max(...times)),
          ],
          [
            'bot join, view distance 6 (169 chunks)',
            String(joins.length),
            ms(median(joins)),
            ms(percentile(joins, 95)),
            ms(Math.max(...joins)),
          ],
        ],
      ),
    ].join('\n')
    // A tick is 50 ms at vanilla's 20 a second: a chunk made within one keeps up with a walking bot.
    const goals = [
      goal('median chunk generation within one vanilla tick (50 ms)', ms(median(times)), median(times) <= 50),
    ]
    return { markdown, raw: { chunkMs: times, joinMs: joins, seeds, joinSeeds }, goals }
  },
}
