// The console shows what the LLM has cost (issue 39): each `cedarLlmUsage` report reaches open pages as an event,
// and a page that opens later gets the last one in its snapshot.
import assert from 'node:assert/strict'
import { EventEmitter } from 'node:events'
import { test } from 'node:test'
import type { Bot } from 'mineflayer'
import type { LlmUsageReport } from '../plugin/cedar-api.js'
import { ConsoleFeed } from '../plugin/console/console-feed.js'

test('the console feed passes on LLM usage and keeps the last report for new pages', () => {
  const bot = Object.assign(new EventEmitter(), {
    username: 'cedar',
    cedar: { critic: undefined, laws: { list: () => [] } },
  }) as unknown as Bot
  const feed = new ConsoleFeed(bot)
  try {
    assert.equal(feed.snapshot().llmUsage, undefined, 'nothing before the LLM is asked')
    const seen: unknown[] = []
    feed.subscribe((event) => {
      if (event.type === 'llmUsage') seen.push(event.data)
    })
    const report: LlmUsageReport = {
      total: { requests: 7, promptTokens: 900, completionTokens: 100 },
      instruction: { requests: 2, promptTokens: 300, completionTokens: 20 },
    }
    bot.emit('cedarLlmUsage', report)
    assert.deepEqual(seen, [report])
    assert.deepEqual(feed.snapshot().llmUsage, report)
  } finally {
    feed.close()
  }
})
