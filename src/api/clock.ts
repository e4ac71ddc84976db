/** `mock.clock`: the mock's time, moved by tests, and the work that falls due as it moves. */
import type { ResourceEngine } from '../engine/resource-engine.js';
import { addDuration, millisOfTime } from '../util/time.js';
import type { ClockNoun } from './vocabulary.js';

export class MockClock implements ClockNoun<'sync'> {
  readonly #engine: ResourceEngine;

  constructor(engine: ResourceEngine) {
    this.#engine = engine;
  }

  now(): string {
    return this.#engine.clock.now();
  }

  advance(duration: string | number): string {
    const { clock } = this.#engine;
    const from = clock.millis();
    clock.advance(addDuration(from, duration) - from);
    this.#engine.runDue();
    return clock.now();
  }

  set(time: string | Date): string {
    this.#engine.clock.set(millisOfTime(time));
    this.#engine.runDue();
    return this.#engine.clock.now();
  }

  reset(): string {
    this.#engine.clock.reset();
    return this.#engine.clock.now();
  }
}
