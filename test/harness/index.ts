// Test-only helpers for tests against a real (embedded flying-squid) Minecraft server with real mineflayer bots.
// Run test files with `node --import tsx --test --test-force-exit <files>`.
export {
  type ChatLine,
  type ConnectBotOptions,
  connectBot,
  kickReasonText,
  nextChat,
  nextMessage,
  nextWhisper,
  quitBot,
} from './bots.js'
export { type CedarSession, converse, openCedarSession, sessionCedarOptions } from './cedar.js'
export { botInventory, countItem, giveItem, giveWornTool, holdItem, serverInventory, takeItem } from './inventory.js'
export { morningWithTwoTrees, putBlock, sleepThroughTheNight } from './scenes.js'
export { closeAll, openSession, startTestServer, TEST_SPAWN, TEST_VERSION, type TestSession } from './server.js'
export { DEFAULT_TIMEOUT_MS, describeEmitter, serverTicks, waitFor, waitUntil, withTimeout } from './wait.js'
