// The critic's precondition laws: a failure the rules explain becomes the exact condition under which the action
// cannot work, so the law refuses every such failure the careless actor made and never an act that worked.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import mcData from 'minecraft-data'
import { runCarelessEpisode } from '../bench/careless-actor.js'
import { buildLaw, createShield } from '../plugin/agent/critic/laws.js'
import {
  preconditionLaws,
  preconditionOf,
  prematureExplorationLaws,
  slowExplorationLaws,
} from '../plugin/agent/critic/precondition-laws.js'
import { validateProposals } from '../plugin/agent/critic/validator.js'
import { symbolProblem } from '../plugin/grounding/validate.js'
import { loadRules } from '../plugin/world/rules.js'

const rules = loadRules()

describe('precondition laws from the failures’ reasons', () => {
  test('each kind of failure reads as its condition', () => {
    const failed = (action: string, error: string) => ({ state: [], action, ok: false, error })
    assert.equal(
      preconditionOf(
        failed(
          'mine.iron_ore',
          'missing_tool: iron_ore needs stone_pickaxe or iron_pickaxe in hand; holding wooden_pickaxe',
        ),
        rules,
      ),
      rules
        .harvestTools('iron_ore')
        .map((t) => `!equipped.${t}`)
        .join(' & '),
    )
    assert.equal(
      preconditionOf(
        failed(
          'craft.stone_pickaxe',
          'missing_ingredients: stone_pickaxe needs 3 cobblestone, 2 stick; missing 3 cobblestone',
        ),
        rules,
      ),
      '(!has.stick.2 | !has.stone_crafting_materials.3)',
      'cobblestone, cobbled_deepslate or blackstone: one recipe over the family',
    )
    assert.equal(
      preconditionOf(
        failed('mine.diamond_ore', 'not_found: no diamond_ore in sight; explore for it first'),
        rules,
        new Set(['sees.diamond_ore']),
      ),
      '!sees.diamond_ore',
    )
    assert.equal(
      preconditionOf(
        failed('craft.furnace', 'not_found: furnace needs a crafting table: none in sight or in the inventory'),
        rules,
      ),
      '!sees.crafting_table & !has.crafting_table.1',
    )
    assert.equal(
      preconditionOf(failed('smelt.raw_iron', 'not_found: no furnace in sight or in the inventory'), rules),
      '!sees.furnace & !has.furnace.1',
    )
    assert.equal(
      preconditionOf(failed('equip.iron_pickaxe', 'missing_ingredients: no iron_pickaxe to equip'), rules),
      '!has.iron_pickaxe.1',
    )
    assert.equal(
      preconditionOf(
        failed('explore.diamond_ore', 'not_found: no diamond_ore found after 24 steps (900 ticks)'),
        rules,
      ),
      undefined,
    )
    assert.equal(preconditionOf(failed('mine.stone', 'path_failed: no path'), rules), undefined)
  })

  test('on careless runs in the Sim: every explained failure is refused, no act that worked is', () => {
    const runs = [0, 1, 2, 3, 4].map((seed) => runCarelessEpisode({ seed }).trajectory)
    const steps = runs.flatMap((t) => t.steps)
    const recorded = new Set(steps.flatMap((s) => s.state))
    const proposals = preconditionLaws(runs, rules, recorded)
    assert.ok(proposals.length >= 6, proposals.map((p) => p.formula).join('\n'))
    const actions = [...new Set(steps.map((s) => s.action))].sort()
    const predicates = [...new Set(steps.flatMap((s) => s.state))].sort()
    const registry = mcData(rules.version)
    const { accepted, rejected } = validateProposals(proposals, {
      laws: [],
      actions,
      predicates,
      trajectories: runs,
      symbolProblem: (symbol) => symbolProblem(symbol, registry),
    })
    assert.deepEqual(
      rejected.map((r) => `${r.formula}: ${r.reason}`),
      [],
    )
    assert.ok(accepted.length >= 6, rejected.map((r) => `${r.formula}: ${r.reason}`).join('\n'))
    const shield = createShield({ actions })
    accepted.forEach((law, i) => {
      shield.add(buildLaw(`P${i}`, law.text, 'hard', 'critic'))
    })
    const refused = (step: (typeof steps)[number]) => {
      shield.reset()
      shield.observe(new Set(step.state))
      return !shield.preview(step.action).allowed
    }
    const wrongly = steps.filter((s) => s.ok && refused(s))
    assert.deepEqual(
      wrongly.map((s) => `${s.action} in {${s.state.join(', ')}}`),
      [],
      'no working act refused',
    )
    const explained = steps.filter((s) => !s.ok && preconditionOf(s, rules, recorded) !== undefined)
    assert.ok(explained.length > 10, `${explained.length} explained failures`)
    const missed = explained.filter((s) => !refused(s))
    assert.deepEqual(
      missed.map((s) => `${s.action}: ${s.error}`),
      [],
      'every explained failure refused',
    )
  })

  test('an exploration that ran out of time digging by hand gives a soft efficiency law; with a pickaxe, none', () => {
    const explore = (state: string[]) => ({
      state,
      action: 'explore.diamond_ore',
      ok: false,
      error: 'timeout: explore diamond_ore ran out of time after 12000 ticks',
    })
    const run = (steps: ReturnType<typeof explore>[]) => [
      { id: 'r', task: 'get diamond', startedAt: '2026-12-01T00:00:00.000Z', success: false, steps },
    ]
    const [law, ...more] = slowExplorationLaws(run([explore(['time.day']), explore(['time.night'])]), rules)
    assert.deepEqual(more, [], 'one law per action')
    assert.equal(law?.kind, 'soft')
    assert.equal(law?.origin, 'offline:efficiency')
    assert.match(
      law?.formula ?? '',
      /^G\(!equipped\.wooden_pickaxe & .*!equipped\.netherite_pickaxe -> X !explore\.diamond_ore\)$/,
    )
    assert.deepEqual(slowExplorationLaws(run([explore(['equipped.stone_pickaxe'])]), rules), [])
  })

  test('an exploration for a block nothing held could harvest, after which mining it failed, gives a soft law', () => {
    const steps = [
      { state: ['has.wooden_pickaxe.1'], action: 'explore.diamond_ore', ok: true },
      {
        state: ['has.wooden_pickaxe.1', 'sees.diamond_ore'],
        action: 'mine.diamond_ore',
        ok: false,
        error: 'missing_tool: diamond_ore needs iron_pickaxe or diamond_pickaxe or netherite_pickaxe in hand',
      },
      { state: ['has.iron_pickaxe.1'], action: 'explore.iron_ore', ok: true },
    ]
    const laws = prematureExplorationLaws(
      [{ id: 'r', task: 'get diamond', startedAt: '2026-12-01T00:00:00.000Z', success: false, steps }],
      rules,
    )
    assert.deepEqual(
      laws.map((l) => [l.formula, l.kind, l.origin]),
      [
        [
          'G(!has.iron_pickaxe.1 & !has.diamond_pickaxe.1 & !has.netherite_pickaxe.1 -> X !explore.diamond_ore)',
          'soft',
          'offline:efficiency',
        ],
      ],
      'explore.iron_ore with an iron pickaxe held was no waste',
    )
  })
})
