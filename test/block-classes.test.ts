// The block classes every live act judges blocks by (a tunnel's step, a shelter's hole, a way out of the water, a
// bed's site): one list each, so a block added to one class reaches every act.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import mcData from 'minecraft-data'
import {
  AIR_BLOCKS,
  FALLING_BLOCKS,
  isLiquid,
  isUnsafeGround,
  isWater,
  LIQUID_BLOCKS,
  UNBREAKABLE_BLOCKS,
  WATER_BLOCKS,
} from '../plugin/vocabulary/block-classes.js'

test('the classes hold the blocks the acts were written against', () => {
  assert.deepEqual([...LIQUID_BLOCKS].sort(), ['bubble_column', 'lava', 'water'])
  assert.deepEqual([...WATER_BLOCKS].sort(), ['bubble_column', 'water'])
  assert.deepEqual([...FALLING_BLOCKS].sort(), ['gravel', 'red_sand', 'sand', 'suspicious_gravel', 'suspicious_sand'])
  assert.deepEqual([...UNBREAKABLE_BLOCKS].sort(), [
    'bedrock',
    'crying_obsidian',
    'end_portal_frame',
    'obsidian',
    'reinforced_deepslate',
  ])
  assert.deepEqual([...AIR_BLOCKS].sort(), ['air', 'cave_air'])
})

test('every name is a block of the game version the server runs (a misspelt name would never match)', () => {
  const blocks = mcData('1.21.4').blocksByName
  for (const set of [LIQUID_BLOCKS, WATER_BLOCKS, FALLING_BLOCKS, UNBREAKABLE_BLOCKS, AIR_BLOCKS])
    for (const name of set) assert.ok(blocks[name], `${name} is no 1.21.4 block`)
})

test('water is a liquid; a bubble column is water (the shelter and the swim judge it so)', () => {
  for (const name of WATER_BLOCKS) assert.ok(isLiquid(name), name)
  assert.ok(isWater('bubble_column'))
  assert.ok(!isWater('lava'))
  assert.ok(!isLiquid(undefined))
  assert.ok(!isLiquid('stone'))
})

test('unsafe ground: liquids, air, falling and unbreakable blocks; dirt and stone are sound', () => {
  for (const name of ['water', 'lava', 'bubble_column', 'air', 'cave_air', 'gravel', 'sand', 'bedrock', 'obsidian'])
    assert.ok(isUnsafeGround(name), name)
  for (const name of ['dirt', 'stone', 'deepslate', 'grass_block', 'netherrack']) assert.ok(!isUnsafeGround(name), name)
  assert.ok(!isUnsafeGround(undefined))
})
