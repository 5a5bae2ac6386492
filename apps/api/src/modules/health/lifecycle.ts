import { Injectable } from '@nestjs/common';

/**
 * Where the process is in its shutdown (see main.ts):
 * - serving;
 * - draining: it received SIGTERM; /readyz answers 503 so that load balancers take it out, and it
 *   serves as before, keep-alive connections included (no new connections to wait for);
 * - closing: it refuses new connections and answers the calls of the open ones, each answer
 *   closing its connection;
 * - stopping: in-flight calls finish; a call arriving now answers 503.
 */
export type LifecyclePhase = 'serving' | 'draining' | 'closing' | 'stopping';

@Injectable()
export class Lifecycle {
  private current: LifecyclePhase = 'serving';

  get phase(): LifecyclePhase {
    return this.current;
  }

  /** Whether /readyz should send traffic elsewhere: from SIGTERM on. */
  get draining(): boolean {
    return this.current !== 'serving';
  }

  enter(phase: Exclude<LifecyclePhase, 'serving'>): void {
    this.current = phase;
  }
}
