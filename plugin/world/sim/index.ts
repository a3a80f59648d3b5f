export { NoPlanError, type OptimalOptions, type OptimalPlan, optimalPlan } from './optimal.js'
export { type SimSnapshot, SimWorld } from './sim-world.js'
export { BODY, COSTS, DAY_TICKS, NIGHT_START, SIGHT_RADIUS, type SimOptions, TIMEOUTS } from './state.js'
export { LEVELS, REGION_SIZE, SIM_BIOMES, type SimBiome, SURFACE, UNDERGROUND } from './world-map.js'
