// Entity physics in vanilla's steps. flying-squid moves a falling item or mob by its velocity times the whole time
// since the last server tick, in one step, and checks for ground only where the step ends. When the machine is
// loaded a tick comes half a second late, the step is several blocks, and a drop on the grass lands under the
// bedrock and falls out of the world (a sheep's wool in a clean-clone run: never picked up). Here a late tick's
// time is taken in steps of one vanilla tick, each from where the last ended.
import type { MCServer, SquidEntity } from 'flying-squid'
import type { Vec3 } from 'vec3'

/** Vanilla's tick (50 ms), in seconds, as flying-squid's physics counts time. */
const STEP_SECONDS = 0.05
/** flying-squid's entity tick skips gaps over a second; no more steps than that can need. */
const MAX_STEPS = 20

interface PhysicalEntity extends SquidEntity {
  position: Vec3
  velocity?: Vec3
  calculatePhysics?: (delta: number) => Promise<Step>
  sendPosition(position: Vec3, onGround: boolean): Promise<void>
}

interface Step {
  position: Vec3
  onGround: boolean
}

export function installSteppedPhysics(serv: MCServer): void {
  serv.on('newEntity', (entity: PhysicalEntity) => {
    const oneStep = entity.calculatePhysics
    if (typeof oneStep !== 'function') return
    // What flying-squid's entity tick does with a step's result (entities.js): a mob always moves there, an
    // object only while it has a velocity (once it lands, the step that found the ground is dropped).
    const moves = () => {
      const v = entity.velocity
      return entity.type === 'mob' || (v !== undefined && (v.x !== 0 || v.y !== 0 || v.z !== 0))
    }
    entity.calculatePhysics = async (delta: number) => {
      const steps = Math.min(MAX_STEPS, Math.ceil(delta / STEP_SECONDS))
      if (!(steps > 1)) return oneStep(delta)
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
