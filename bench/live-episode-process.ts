// One live episode in a process of its own, started by bench/live-parallel.ts: its server and bot get a core share of
// their own instead of sharing one event loop with the other episodes. Arguments: the episode (an EpisodeSpec as
// JSON), the tick rate and the file the episode is written to; the act log goes to stdout.
import { writeFileSync } from 'node:fs'
import { rowTask } from './live.js'
import { runLoggedEpisode } from './live-episode.js'
import { fightsTask } from './live-fights.js'
import { type EpisodeSpec, specTask } from './live-parallel.js'

const [specText = '{}', tickRate, out = ''] = process.argv.slice(2)
const spec = JSON.parse(specText) as EpisodeSpec
const task = specTask(spec, (row) => (row === 'fights' ? fightsTask() : rowTask(row)))
const episode = await runLoggedEpisode(task, spec.seed, Number(tickRate), (line) => process.stdout.write(`${line}\n`))
writeFileSync(out, JSON.stringify(episode))
// A bot's or server's handle left open must not keep the bench waiting on this process.
process.exit(0)
