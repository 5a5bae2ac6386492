/**
 * Change events (docs/integration.md#change-events): what sibling products learn of the changes the
 * audit log records. This module is the one source of the event types, of their data (as
 * TypeScript types and as JSON Schema, both derived from the field lists below) and of the mapping
 * from an audited change to its events: the API writes an event in the transaction of its audit
 * event, and the catalogue (API and docs/events.md) is generated from here.
 */
import type { AuditAction } from './audit';
import { generateId } from './ids';

/** How every event id starts; the rest is a domain id. */
const EVENT_ID_PREFIX = 'evt_';

/** A fresh event id: `evt_` + a domain id. */
export function newEventId(): string {
  return `${EVENT_ID_PREFIX}${generateId('changeEvent')}`;
}

/** A field of an event's data: a string, or a string or null. */
interface Field<Nullable extends boolean> {
  readonly nullable: Nullable;
  readonly description: string;
}
const text = (description: string): Field<false> => ({ nullable: false, description });
const optionalText = (description: string): Field<true> => ({ nullable: true, description });

type Fields = Readonly<Record<string, Field<boolean>>>;
type DataOf<F extends Fields> = { -readonly [K in keyof F]: F[K] extends Field<true> ? string | null : string };

const organizationId = text('The organization (8 characters).');
const projectId = text('The project (8 characters).');
const accountId = text('The account (10 characters).');

/** What an event is made from: the audited change (its action, target, scope and changes) and who made it. */
export interface AuditedChange {
  action: AuditAction;
  targetId: string;
  organizationId: string | null;
  projectId: string | null;
  changes: Readonly<Record<string, { before: unknown; after: unknown }>>;
  actorAccountId: string | null;
}

interface EventDefinition<F extends Fields> {
  readonly description: string;
  readonly data: F;
  /** The events of this type an audited change makes (none when it is not one of this type). */
  readonly from: (change: AuditedChange) => DataOf<F>[];
}

const define = <F extends Fields>(definition: EventDefinition<F>): EventDefinition<F> => definition;

/** A changed field's value as a string, or null (absent, null or not a string). */
function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** The changed field's values before and after as strings (or null); undefined when the field did not change. */
function change(changes: AuditedChange['changes'], field: string): { before: string | null; after: string | null } | undefined {
  const found = changes[field];
  return found === undefined ? undefined : { before: stringOf(found.before), after: stringOf(found.after) };
}

/** An audited change of `action` of an organization (its id on the change): one event with `data`. */
function onAction<F extends Fields>(
  actions: readonly AuditAction[],
  data: (change: AuditedChange & { organizationId: string }) => DataOf<F> | null,
): (change: AuditedChange) => DataOf<F>[] {
  return (audited) => {
    if (!actions.includes(audited.action) || audited.organizationId === null) return [];
    const made = data({ ...audited, organizationId: audited.organizationId });
    return made === null ? [] : [made];
  };
}

const membershipData = { organizationId, projectId: optionalText('The project, for a membership of a project; null for the organization.'), accountId };

const addedMembershipData = { ...membershipData, roleId: optionalText('Its role; null when the role is not told (joined by a verified domain).') };

/** A role assignment: the membership added (no role before) or its role changed. */
function roleAssignment(added: boolean) {
  return onAction<typeof membershipData & { roleId: Field<boolean> }>(['membership.assignOrganizationRole', 'membership.assignProjectRole'], (c) => {
    const role = change(c.changes, 'roleId');
    if (role?.after == null || (role.before === null) !== added) return null;
    return { organizationId: c.organizationId, projectId: c.projectId, accountId: c.targetId, roleId: role.after };
  });
}

/** Every event type, by name. */
const EVENT_DEFINITIONS = /* @__PURE__ */ Object.freeze({
  'account.deleted': define({
    description: 'An account was deleted (its memberships are removed with membership.removed events first).',
    data: { accountId },
    from: (c) => (c.action === 'account.delete' ? [{ accountId: c.targetId }] : []),
  }),
  'organization.created': define({
    description: 'An organization was created.',
    data: { organizationId, name: text('Its name.') },
    from: onAction(['organization.create'], (c) => ({ organizationId: c.organizationId, name: change(c.changes, 'name')?.after ?? '' })),
  }),
  'organization.renamed': define({
    description: 'An organization was renamed.',
    data: { organizationId, name: text('The new name.'), previousName: text('The name before.') },
    from: onAction(['organization.update'], (c) => {
      const name = change(c.changes, 'name');
      return name?.after == null ? null : { organizationId: c.organizationId, name: name.after, previousName: name.before ?? '' };
    }),
  }),
  'organization.deleted': define({
    description: 'An organization was deleted: it can be restored for the retention period, then it is purged.',
    data: { organizationId },
    from: onAction(['organization.delete'], (c) => ({ organizationId: c.organizationId })),
  }),
  'organization.restored': define({
    description: 'A deleted organization was restored.',
    data: { organizationId },
    from: onAction(['organization.restore'], (c) => ({ organizationId: c.organizationId })),
  }),
  'organization.purged': define({
    description: 'A deleted organization was purged for good with its projects and memberships.',
    data: { organizationId },
    from: onAction(['organization.purge'], (c) => ({ organizationId: c.organizationId })),
  }),
  'project.created': define({
    description: 'A project was created.',
    data: { organizationId, projectId, name: text('Its name.') },
    from: onAction(['project.create'], (c) =>
      c.projectId === null ? null : { organizationId: c.organizationId, projectId: c.projectId, name: change(c.changes, 'name')?.after ?? '' },
    ),
  }),
  'project.renamed': define({
    description: 'A project was renamed.',
    data: { organizationId, projectId, name: text('The new name.'), previousName: text('The name before.') },
    from: onAction(['project.update'], (c) => {
      const name = change(c.changes, 'name');
      return name?.after == null || c.projectId === null
        ? null
        : { organizationId: c.organizationId, projectId: c.projectId, name: name.after, previousName: name.before ?? '' };
    }),
  }),
  'plan.changed': define({
    description: "A product's plan of a project changed (one event per product).",
    data: {
      organizationId,
      projectId,
      product: text('The product (a ProductKey).'),
      plan: optionalText('The new plan; null when the product is no longer enabled.'),
      previousPlan: optionalText('The plan before; null when the product was not enabled.'),
    },
    from: (c) => {
      if (c.action !== 'project.update' || c.organizationId === null || c.projectId === null) return [];
      const { organizationId: org, projectId: project } = c;
      return Object.entries(c.changes).flatMap(([field, { before, after }]) => {
        const product = /^productSettings\.(.+)\.plan$/.exec(field)?.[1];
        return product === undefined ? [] : [{ organizationId: org, projectId: project, product, plan: stringOf(after), previousPlan: stringOf(before) }];
      });
    },
  }),
  'membership.added': define({
    description: 'An account became a member of an organization or of a project (with its role).',
    data: addedMembershipData,
    from: (c) => [
      ...roleAssignment(true)(c),
      ...onAction<typeof addedMembershipData>(['organization.autoJoin'], (a) => ({
        organizationId: a.organizationId,
        projectId: null,
        accountId: a.targetId,
        roleId: change(a.changes, 'roleId')?.after ?? null,
      }))(c),
    ],
  }),
  'membership.roleChanged': define({
    description: "A member's role in an organization or a project changed.",
    data: { ...membershipData, roleId: text('The new role.') },
    from: roleAssignment(false),
  }),
  'membership.removed': define({
    description: 'An account was removed from an organization (and so from its projects) or from a project.',
    data: membershipData,
    from: onAction<typeof membershipData>(['membership.removeFromOrganization', 'membership.removeFromProject'], (c) => ({
      organizationId: c.organizationId,
      projectId: c.action === 'membership.removeFromProject' ? c.projectId : null,
      accountId: c.targetId,
    })),
  }),
  'invitation.accepted': define({
    description: 'An invitation was accepted: the account is now a member of the organization (and of the projects the invitation named).',
    data: { organizationId, invitationId: text('The invitation.'), accountId: text('The account that accepted it.') },
    from: onAction(['invitation.accept'], (c) =>
      c.actorAccountId === null ? null : { organizationId: c.organizationId, invitationId: c.targetId, accountId: c.actorAccountId },
    ),
  }),
});

export type EventType = keyof typeof EVENT_DEFINITIONS;

/** Every event type, in the catalogue's order. */
export const EVENT_TYPES = /* @__PURE__ */ Object.freeze(Object.keys(EVENT_DEFINITIONS) as EventType[]);

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && Object.hasOwn(EVENT_DEFINITIONS, value);
}

/** An event before it is written: its type and data. */
export interface ChangeEventDraft {
  type: EventType;
  data: Record<string, string | null>;
}

/** The events an audited change makes (none for most actions: sessions, e-mails, settings). */
export function changeEventsOf(change: AuditedChange): ChangeEventDraft[] {
  return EVENT_TYPES.flatMap((type) =>
    (EVENT_DEFINITIONS[type].from as (c: AuditedChange) => Record<string, string | null>[])(change).map((data) => ({ type, data })),
  );
}

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The JSON Schema of the envelope of an event of `type` (its data's schema inside). */
function eventSchema(type: EventType): JsonSchema {
  const fields = EVENT_DEFINITIONS[type].data as Fields;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: type,
    type: 'object',
    required: ['id', 'type', 'timestamp', 'data'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', pattern: `^${EVENT_ID_PREFIX}[0-9A-Za-z]+$`, description: 'The event id (the webhook-id header of its deliveries).' },
      type: { const: type },
      timestamp: { type: 'string', format: 'date-time', description: 'When the change was committed (the database clock).' },
      data: {
        type: 'object',
        required: Object.keys(fields),
        additionalProperties: false,
        properties: Object.fromEntries(
          Object.entries(fields).map(([name, field]) => [name, { type: field.nullable ? ['string', 'null'] : 'string', description: field.description }]),
        ),
      },
    },
  };
}

/** The catalogue: every event type with its description and schema. */
export function eventCatalogue(): { type: EventType; description: string; schema: JsonSchema }[] {
  return EVENT_TYPES.map((type) => ({ type, description: EVENT_DEFINITIONS[type].description, schema: eventSchema(type) }));
}

/**
 * The catalogue as docs/events.md (generated: `pnpm --filter @console/domain events:docs`; a test checks it is up to date).
 * @public the generating script is its production user
 */
export function eventCatalogueMarkdown(): string {
  const lines = [
    '# Change events',
    '',
    '<!-- Generated from packages/domain/src/events.ts by `pnpm --filter @console/domain events:docs`; do not edit. -->',
    '',
    'Each event is delivered as the envelope `{ id, type, timestamp, data }` (docs/integration.md#change-events).',
    '',
    '| Type | Description |',
    '| --- | --- |',
    ...EVENT_TYPES.map((type) => `| \`${type}\` | ${EVENT_DEFINITIONS[type].description} |`),
    '',
  ];
  for (const { type, schema } of eventCatalogue()) {
    lines.push(`## ${type}`, '', '```json', JSON.stringify(schema, null, 2), '```', '');
  }
  return lines.join('\n');
}
