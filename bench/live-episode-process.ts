// One live everyday episode in a process of its own, started by bench/live-parallel.ts: its server and bot get a core
// share of their own instead of sharing one event loop with the other episodes. Arguments: the request, the seed, the
// tick rate, the episode's game ticks and the file the episode is written to; the act log goes to stdout.
import { writeFileSync } from 'node:fs'
import { runLoggedEpisode } from './live-episode.js'

const [request = '', seed, tickRate, ticks, out = ''] = process.argv.slice(2)
const task = { id: 'everyday', first: () => request, next: () => request, ticks: Number(ticks), untilGoal: true }
const episode = await runLoggedEpisode(task, Number(seed), Number(tickRate), (line) =>
  process.stdout.write(`${line}\n`),
)
writeFileSync(out, JSON.stringify(episode))
// A bot's or server's handle left open must not keep the bench waiting on this process.
process.exit(0)
