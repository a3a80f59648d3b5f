// The bot's default hard laws against vanilla's harvest rules: for every pickaxe (and the bare hand) and every ore
// and stone block minecraft-data knows, the default shield allows mining exactly what that pickaxe harvests.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import mcData from 'minecraft-data'
import { createLaws } from '../plugin/agent/assembly.js'
import { resolveOptions } from '../plugin/config/options.js'

const VERSION = '1.21.4'
const data = mcData(VERSION)
const STONE = /stone|deepslate|granite|diorite|andesite|tuff|calcite|netherrack|basalt|obsidian|dripstone|end_stone/
const isOre = (name: string) => name.endsWith('_ore') || name === 'ancient_debris'
const blocks = data.blocksArray.filter((block) => isOre(block.name) || STONE.test(block.name))
const pickaxes = data.itemsArray.filter((item) => item.name.endsWith('_pickaxe')).map((item) => item.name)
const harvests = (block: (typeof blocks)[number], held: string | undefined) => {
  const tools = Object.keys(block.harvestTools ?? {}).map((id) => data.items[Number(id)]?.name)
  return tools.length === 0 || (held !== undefined && tools.includes(held))
}

describe('default laws (vanilla-hard)', () => {
  test('every pickaxe tier, every ore and stone block: allowed exactly when vanilla harvests it', () => {
    assert.deepEqual(pickaxes, [
      'wooden_pickaxe',
      'stone_pickaxe',
      'golden_pickaxe',
      'iron_pickaxe',
      'diamond_pickaxe',
      'netherite_pickaxe',
    ])
    assert.ok(blocks.length > 100, `${blocks.length} ore and stone blocks`)
    const defaults = resolveOptions({}, {}).shield.lawSets
    assert.deepEqual(defaults, ['vanilla-hard'])
    const laws = createLaws({ lawSets: defaults })
    const wrong: string[] = []
    for (const held of [undefined, ...pickaxes]) {
      for (const block of blocks) {
        // In sight (LogicGuard's H12 asks that of coal), the pickaxe had and in hand.
        const base = block.name.replace(/^deepslate_(.*_ore)$/, '$1')
        const state = new Set([
          `sees.${block.name}`,
          `sees.${base}`,
          ...(held ? [`has.${held}`, `equipped.${held}`] : []),
        ])
        laws.shield.reset()
        laws.shield.observe(state)
        const verdict = laws.shield.preview(`mine.${block.name}`)
        if (verdict.allowed !== harvests(block, held)) {
          const by = verdict.blockedBy.map((law) => law.id).join(',')
          wrong.push(`${held ?? 'hand'} ${block.name}: ${verdict.allowed ? 'allowed' : `blocked by ${by}`}`)
        }
      }
    }
    assert.deepEqual(wrong, [], wrong.slice(0, 20).join('\n'))
  })

  test('the issue’s cases: diamond on stone and diamond ore, netherite on iron ore, golden on coal; names the law', () => {
    const laws = createLaws({ lawSets: ['vanilla-hard'] })
    const verdict = (held: string | undefined, block: string) => {
      laws.shield.reset()
      laws.shield.observe(new Set([`sees.${block}`, ...(held ? [`equipped.${held}`] : [])]))
      return laws.shield.preview(`mine.${block}`)
    }
    assert.equal(verdict('diamond_pickaxe', 'stone').allowed, true)
    assert.equal(verdict('diamond_pickaxe', 'diamond_ore').allowed, true)
    assert.equal(verdict('netherite_pickaxe', 'iron_ore').allowed, true)
    assert.equal(verdict('golden_pickaxe', 'coal_ore').allowed, true)
    const refused = verdict('golden_pickaxe', 'iron_ore')
    assert.equal(refused.allowed, false)
    assert.deepEqual(
      refused.blockedBy.map((law) => law.id),
      ['V2'],
    )
    const v2 = laws.shield.get('V2')
    assert.match(v2 && 'explanation' in v2 ? String(v2.explanation) : '', /at least as good as a stone one/)
    assert.equal(verdict('stone_pickaxe', 'obsidian').allowed, false, 'obsidian needs a diamond pickaxe')
    assert.equal(verdict(undefined, 'dirt').allowed, true, 'the hand digs dirt')
    assert.equal(verdict(undefined, 'oak_log').allowed, true, 'and logs')
  })

  test('the harvest families are no candidate actions; LogicGuard’s 19 laws as written still load by name', () => {
    const laws = createLaws({ lawSets: ['vanilla-hard'] })
    laws.shield.observe(new Set())
    assert.ok(!laws.shield.allowedActions().some((a) => a.includes('needs_')), laws.shield.allowedActions().join(' '))
    const paper = createLaws({ lawSets: ['saycan-hard'] })
    assert.equal(paper.shield.monitors().length, 19)
    assert.equal(paper.shield.get('H5')?.text.includes('equipped.wooden_pickaxe'), true)
  })
})
