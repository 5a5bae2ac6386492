import { Injectable } from '@nestjs/common';
import { changeEventsOf, generateId, newEventId, type AuditedChange } from '@console/domain';
import { JobQueue } from '../queue/job-queue';
import { ChangeEventRepository, type NewDelivery } from './change-event.repository';

/** The queue job that delivers an event to a webhook endpoint (docs/architecture.md#job-queue). */
export const WEBHOOK_JOB = 'webhook';
export interface WebhookJob {
  deliveryId: string;
}

/**
 * Writes the change events of audited changes (packages/domain/src/events.ts), with a delivery and
 * its queue job per endpoint that receives them, in the transaction of the change (AuditService
 * calls it): an event exists exactly when its change commits.
 */
@Injectable()
export class ChangeEventWriter {
  constructor(
    private readonly events: ChangeEventRepository,
    private readonly queue: JobQueue,
  ) {}

  async write(changes: readonly AuditedChange[]): Promise<void> {
    const drafts = changes.flatMap(changeEventsOf);
    if (drafts.length === 0) return;
    const events = drafts.map((draft) => ({ id: newEventId(), type: draft.type, data: draft.data }));
    const endpoints = await this.events.subscribedEndpoints();
    const deliveries: NewDelivery[] = [];
    for (const event of events) {
      for (const endpoint of endpoints) {
        if (endpoint.eventTypes.length > 0 && !endpoint.eventTypes.includes(event.type)) continue;
        const id = generateId('webhookDelivery');
        deliveries.push({ id, eventId: event.id, endpointId: endpoint.id, jobId: await this.queue.add(WEBHOOK_JOB, { deliveryId: id } satisfies WebhookJob) });
      }
    }
    await this.events.insert(events, deliveries);
  }
}
