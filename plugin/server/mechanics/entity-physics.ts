// Falling in vanilla's steps after a late tick. flying-squid moves a falling item or mob by its velocity times the
// whole time since the last server tick, in one step, and checks for ground only where the step ends: when the
// machine is loaded a tick comes half a second late, the step is several blocks, and a drop or a sheep on the grass
// goes through the bedrock and out of the world (a sheep's wool in two clean-clone runs: never picked up). Here a
// late tick's time is taken in steps of one vanilla tick, each from where the last ended; a tick on time is one
// step, as before. An item's step that meets the ground going down ends on the block's top (flying-squid lifts it by
// half its size). Mobs keep flying-squid's landing, which bobs them a block or two over the ground: setting them on
// it changed the zombies' fights (a bot's kill of a zombie beside it no longer ended), which hostile-mobs.ts and
// attacks.ts would have to be fitted to first.
import type { MCServer, SquidEntity } from 'flying-squid'
import type { Vec3 } from 'vec3'

/** Vanilla's tick (50 ms), in seconds, as flying-squid's physics counts time. */
const STEP_SECONDS = 0.05
/** flying-squid's entity tick skips gaps over a second; no more steps than that can need. */
const MAX_STEPS = 20

interface PhysicalEntity extends SquidEntity {
  position: Vec3
  velocity?: Vec3
  gravity?: Vec3
  terminalvelocity?: Vec3
  size?: Vec3
  calculatePhysics?: (delta: number) => Promise<Step>
  sendPosition(position: Vec3, onGround: boolean): Promise<void>
}

interface Step {
  position: Vec3
  onGround: boolean
}

export function installSteppedPhysics(serv: MCServer): void {
  serv.on('newEntity', (entity: PhysicalEntity) => {
    const flyingSquidStep = entity.calculatePhysics
    if (typeof flyingSquidStep !== 'function') return
    /** flying-squid's step, landing where it met the ground going down. */
    const oneStep = async (dt: number): Promise<Step> => {
      const { velocity, gravity, terminalvelocity, size } = entity
      const from = entity.position
      // The vertical speed the step moves by: flying-squid adds gravity first (physics.js, addGravity).
      const vy = velocity === undefined ? 0 : fallSpeed(velocity.y, gravity?.y ?? 0, terminalvelocity?.y, dt)
      const step = await flyingSquidStep(dt)
      if (entity.type !== 'object' || !(vy < 0) || !step.onGround || velocity?.y !== 0 || size === undefined)
        return step
      // The point it checked was the feet, half its height and the step lower (physics.js); the block met there
      // has its top at floor + 1, and the entity stands on it, never higher than it was.
      const met = Math.floor(from.y + vy * dt - size.y / 2)
      const y = Math.min(from.y, met + 1)
      return { position: step.position.clone().set(step.position.x, y, step.position.z), onGround: true }
    }
    // What flying-squid's entity tick does with a step (entities.js): a mob always moves there, an object only
    // while it has a velocity (once it lands, the step that found the ground is dropped).
    const moves = () => {
      const v = entity.velocity
      return entity.type === 'mob' || (v !== undefined && (v.x !== 0 || v.y !== 0 || v.z !== 0))
    }
    entity.calculatePhysics = async (delta: number) => {
      // A tick on time (50 ms, give or take) is one step.
      const steps = Math.max(1, Math.min(MAX_STEPS, Math.round(delta / STEP_SECONDS)))
      // The ticks that should have come meanwhile, each as the entity tick would have taken it; the last one is
      // the caller's.
      for (let step = 1; step < steps; step++) {
        const { position, onGround } = await oneStep(delta / steps)
        if (moves()) await entity.sendPosition(position, onGround)
      }
      return oneStep(delta / steps)
    }
  })
}

/** flying-squid's addGravity on one axis: the speed after `dt` of gravity, within the terminal speed. */
function fallSpeed(v: number, g: number, terminal: number | undefined, dt: number): number {
  if (terminal === undefined || !(v < terminal && v > -terminal)) return v
  return Math.min(terminal, Math.max(-terminal, v + g * dt))
}
