// A player's chat session with a bot that uses every default the plugin has (no storePath): run by
// test/clean-clone.test.ts inside a fresh clone, which then checks that `git status` of the clone is clean.
// Prints each command and the bot's replies as JSON lines.
import { Vec3 } from 'vec3'
import { createCedar } from '../../index.js'
import { converse, openSession, waitUntil } from '../harness/index.js'

const quiet = { info: () => {}, warn: () => {}, error: () => {} }
const session = await openSession()
try {
  const bot = await session.bot('cedar', {
    botOptions: {
      plugins: {
        cedar: createCedar({ owners: ['Alex'], logger: quiet, shield: { lawSets: [] }, critic: { schedule: false } }),
      },
    },
  })
  const alex = await session.bot('Alex')
  await waitUntil(bot, () => Boolean(bot.players.Alex), 'cedar sees Alex')
  const at = new Vec3(3, 5, 0)
  await session.server.setBlock(at, 'oak_log')
  await waitUntil(bot, () => bot.blockAt(at)?.name === 'oak_log', 'the log is there')
  const say = async (line: string, last: RegExp) => {
    const replies = await converse(alex, 'cedar', line, last, 120_000)
    process.stdout.write(`${JSON.stringify({ line, replies })}\n`)
  }
  process.stdout.write(`${JSON.stringify({ store: bot.cedar.options.storePath })}\n`)
  // mine.logs is a shipped seed: reused by !do, then corrected by !wrong and !ce.
  // --verbose: the test reads which skill ran, in the bot's own terms.
  await say('!do collect wood --verbose', /^(done|not done|refused)/)
  await say('!wrong', /^noted|failed/)
  await say('!ce reject mine.logs mine.logs has.logs.1', /learned .*again|already (read it|knew)|failed/)
  await say('!learn craft stick', /crafting a stick|failed/)
  await say('!skill mine.logs --svg', /^picture|failed/)
} finally {
  await session.close()
}
