// The setting of the console's browser tests: the chat-driven agent session (a real server, the plugin bot and
// Alex) with the console on a free port of 127.0.0.1, and a headless chromium to open it in.
import assert from 'node:assert/strict'
import type { CedarOptions } from '../../index.js'
import type { ConsoleAddress } from '../../plugin/console/console-server.js'
import { type CedarSession, openCedarSession } from '../harness/index.js'
import { type Browser, launchChromium } from './chromium.js'

export interface ConsoleSession {
  readonly cedar: CedarSession
  readonly address: ConsoleAddress
  readonly browser: Browser
  close(): Promise<void>
}

export async function openConsoleSession(options: CedarOptions = {}): Promise<ConsoleSession> {
  const cedar = await openCedarSession({ cedar: { console: { port: 0 }, ...options } })
  try {
    const running = cedar.bot.cedar.console
    assert.ok(running, 'the console option starts a console')
    const address = await running
    const browser = await launchChromium()
    return {
      cedar,
      address,
      browser,
      close: async () => {
        await browser.close()
        await cedar.close()
      },
    }
  } catch (error) {
    await cedar.close()
    throw error
  }
}
