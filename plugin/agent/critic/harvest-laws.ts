/**
 * The bot's default hard laws, `vanilla-hard`: LogicGuard's SayCan hard laws (saycan-hard, Appendix A.3.3) with
 * their tool laws generated from minecraft-data instead of transcribed. LogicGuard's H1, H4, H5 and H12 name only
 * the wooden, stone and iron pickaxes, so as written a diamond pickaxe may not mine stone nor diamond ore and a
 * golden one may not mine coal; vanilla says which pickaxes harvest each block (`harvestTools`), and there are four
 * such sets among the blocks that only pickaxes harvest: "a pickaxe at least as good as" a wooden (golden counts),
 * stone, iron or diamond one. Each set is one law over a family proposition true when its blocks are mined
 * (`mine.needs_iron_pickaxe` holds at `mine.diamond_ore`): `G(!(equipped.iron_pickaxe | …) -> X !mine.needs_iron_pickaxe)`.
 * The rest of saycan-hard is kept as written; H12's "coal in sight" stays, its pickaxe is the wooden tier's law.
 */
import { type LawSet, lawSet } from '../../ltl/law-sets.js'
import { parseSymbol } from '../../vocabulary/symbols.js'
import { DEFAULT_RULES_VERSION, loadRules, type Rules } from '../../world/rules.js'

export const HARVEST_LAW_SET = 'vanilla-hard'

/** One set of pickaxes that harvest some blocks, and those blocks. */
export interface HarvestTier {
  /** The family the tier's blocks form at an action position: `needs_iron_pickaxe`. */
  readonly family: string
  /** Its weakest pickaxe (`iron_pickaxe`), the one that names it. */
  readonly weakest: string
  /** Every pickaxe that harvests its blocks, in item order. */
  readonly tools: readonly string[]
  readonly blocks: readonly string[]
}

const tierCache = new Map<string, readonly HarvestTier[]>()

/**
 * The harvest tiers of a version's blocks that only pickaxes harvest, loosest first. A pickaxe's rank is how many
 * tiers take it (the golden pickaxe is in as many as the wooden one); a tier is named by its member of the lowest
 * rank, the first in item order on a tie.
 */
export function harvestTiers(rules: Rules = loadRules(DEFAULT_RULES_VERSION)): readonly HarvestTier[] {
  const cached = tierCache.get(rules.version)
  if (cached) return cached
  const pickaxes = rules.itemNames.filter((name) => name.endsWith('_pickaxe'))
  const byTools = new Map<string, string[]>()
  for (const block of rules.blockNames) {
    const tools = rules.harvestTools(block)
    if (tools.length === 0 || !tools.every((tool) => pickaxes.includes(tool))) continue
    const key = [...tools].sort((a, b) => pickaxes.indexOf(a) - pickaxes.indexOf(b)).join(' ')
    byTools.set(key, [...(byTools.get(key) ?? []), block])
  }
  const sets = [...byTools.entries()].map(([key, blocks]) => ({ tools: key.split(' '), blocks }))
  const rank = (tool: string) => sets.filter((set) => set.tools.includes(tool)).length
  const tiers = sets
    .flatMap(({ tools, blocks }) => {
      const [weakest] = [...tools].sort((a, b) => rank(a) - rank(b) || pickaxes.indexOf(a) - pickaxes.indexOf(b))
      return weakest ? [{ family: `needs_${weakest}`, weakest, tools, blocks }] : []
    })
    .sort((a, b) => b.tools.length - a.tools.length)
  tierCache.set(rules.version, tiers)
  return tiers
}

/**
 * The harvest families true at an action position besides the action's own symbols: `mine.needs_iron_pickaxe` for
 * `mine.diamond_ore` (and its deepslate variant). Other actions have none.
 */
export function harvestPropositions(action: string, tiers: readonly HarvestTier[] = harvestTiers()): string[] {
  const parsed = parseSymbol(action)
  if (parsed?.verb !== 'mine') return []
  return tiers.filter((tier) => tier.blocks.includes(parsed.object)).map((tier) => `mine.${tier.family}`)
}

/** Is `symbol` one of the harvest families (no World runs it, so it is no candidate action)? */
export function isHarvestFamily(symbol: string, tiers: readonly HarvestTier[] = harvestTiers()): boolean {
  return tiers.some((tier) => symbol === `mine.${tier.family}`)
}

/** saycan-hard's laws (1-based) that name pickaxes for mining: the tiers' laws stand in for them. */
const TRANSCRIBED_TOOL_LAWS = [1, 4, 5, 12]

const article = (name: string) => (/^[aeiou]/.test(name) ? 'an' : 'a')
const itemWords = (name: string) => name.replaceAll('_', ' ')

/** The `vanilla-hard` set: a law per harvest tier, then saycan-hard without its tool laws, H12's sighting kept. */
export function harvestLawSet(rules: Rules = loadRules(DEFAULT_RULES_VERSION)): LawSet {
  const logicGuard = lawSet('saycan-hard')
  if (!logicGuard) throw new Error('saycan-hard is missing from the shipped law sets')
  const tierLaws = harvestTiers(rules).map((tier) => {
    const held = tier.tools.map((tool) => `equipped.${tool}`).join(' | ')
    const examples = tier.blocks.filter((block) => !block.startsWith('deepslate_')).slice(0, 3)
    const pickaxe = itemWords(tier.weakest).replace(/ pickaxe$/, '')
    return {
      formula: `G(!(${held}) -> X(!mine.${tier.family}))`,
      explanation:
        `Blocks such as ${examples.map(itemWords).join(', ')} are mined only with a pickaxe at least as good as ` +
        `${article(pickaxe)} ${pickaxe} one (${tier.tools.map(itemWords).join(', ')}), as vanilla harvests them.`,
    }
  })
  const kept = logicGuard.laws.filter((_, i) => !TRANSCRIBED_TOOL_LAWS.includes(i + 1))
  return {
    name: HARVEST_LAW_SET,
    kind: 'hard',
    description: `LogicGuard's SayCan hard laws, with the pickaxes each block needs read from minecraft-data ${rules.version}`,
    laws: [
      ...tierLaws,
      {
        formula: 'G(!obs_coal_in_chunk -> X(!action_mine_coal))',
        explanation: 'Cannot mine coal unless coal is nearby (LogicGuard H12; its pickaxe is the first law).',
      },
      ...kept,
    ],
  }
}
