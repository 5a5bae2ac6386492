import { Injectable } from '@nestjs/common';

/** Whether the process is draining: it received SIGTERM and serves its last requests before closing. */
@Injectable()
export class Lifecycle {
  private drainingFlag = false;

  get draining(): boolean {
    return this.drainingFlag;
  }

  startDraining(): void {
    this.drainingFlag = true;
  }
}
