// Minecraft's chat limit as a player meets it: every line the bot says fits, and a reply too long for one line is
// cut where a sentence, clause or list item ends, never mid-clause.
import assert from 'node:assert/strict'
import { splitForChat } from '../../plugin/chat/chat-lines.js'
import { SYMBOL } from './symbols.js'

/** The chat limit (256) less mineflayer's `/tell <name> ` before a whisper to a 16-character name: the least room. */
export const WHISPER_ROOM = 256 - '/tell '.length - 16 - 1

/** Whether `line`, cut before `next`, ends where something a player reads as whole ends. */
function endsWhole(line: string, next: string): boolean {
  if (/[.?!;:,—]$/.test(line)) return true
  // A --verbose list of symbols, one after another: the space between two of them ends an item.
  const last = line.split(' ').at(-1) ?? ''
  const first = next.split(' ')[0] ?? ''
  return SYMBOL.test(last) && SYMBOL.test(first)
}

/** The chat lines `reply` becomes; asserts each fits in `room` and each cut ends a sentence, clause or item. */
export function assertChatLines(reply: string, room = WHISPER_ROOM): string[] {
  const all: string[] = []
  for (const paragraph of reply.split('\n')) {
    const lines = splitForChat(paragraph, room)
    for (const [i, line] of lines.entries()) {
      assert.ok(line.length <= room, `${line.length} characters: ${line}`)
      const next = lines[i + 1]
      if (next !== undefined) assert.ok(endsWhole(line, next), `cut mid-clause:\n${line}\n${next}`)
    }
    all.push(...lines)
  }
  return all
}
