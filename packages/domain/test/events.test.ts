import { changeEventsOf, EVENT_TYPES, eventCatalogue, isEventType, newEventId, type AuditedChange } from '../src/events';

/** The schema the catalogue gives for `type`. */
function schemaOf(type: string): unknown {
  return eventCatalogue().find((item) => item.type === type)?.schema;
}

const change = (overrides: Partial<AuditedChange> & Pick<AuditedChange, 'action'>): AuditedChange => ({
  targetId: 'a1B2c3D4e5',
  organizationId: 'o1P2q3R4',
  projectId: null,
  changes: {},
  actorAccountId: 'z9Y8x7W6v5',
  ...overrides,
});

/** Whether `data` has exactly the fields of the type's schema, each a string or (where the schema allows) null. */
function matchesSchema(type: (typeof EVENT_TYPES)[number], data: Record<string, string | null>): boolean {
  const schema = schemaOf(type) as { properties: { data: { required: string[]; properties: Record<string, { type: string | string[] }> } } };
  const fields = schema.properties.data.properties;
  return (
    Object.keys(data).sort().join() === [...schema.properties.data.required].sort().join() &&
    Object.entries(data).every(([name, value]) => {
      const allowed = fields[name]?.type;
      return value === null ? Array.isArray(allowed) && allowed.includes('null') : typeof value === 'string';
    })
  );
}

describe('change events', () => {
  it('ids are evt_ and 16 alphanumerics, fresh each time', () => {
    const [a, b] = [newEventId(), newEventId()];
    expect(a).toMatch(/^evt_[0-9A-Za-z]{16}$/);
    expect(a).not.toBe(b);
  });

  it.each<[string, AuditedChange, { type: string; data: Record<string, string | null> }[]]>([
    [
      'a removal from an organization',
      change({ action: 'membership.removeFromOrganization', changes: { roleId: { before: 'r1', after: null } } }),
      [{ type: 'membership.removed', data: { organizationId: 'o1P2q3R4', projectId: null, accountId: 'a1B2c3D4e5' } }],
    ],
    [
      'a removal from a project',
      change({ action: 'membership.removeFromProject', projectId: 'p1Q2r3S4' }),
      [{ type: 'membership.removed', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4', accountId: 'a1B2c3D4e5' } }],
    ],
    [
      'a changed organization role',
      change({ action: 'membership.assignOrganizationRole', changes: { roleId: { before: 'r1', after: 'r2' } } }),
      [{ type: 'membership.roleChanged', data: { organizationId: 'o1P2q3R4', projectId: null, accountId: 'a1B2c3D4e5', roleId: 'r2' } }],
    ],
    [
      'a first project role',
      change({ action: 'membership.assignProjectRole', projectId: 'p1Q2r3S4', changes: { roleId: { before: null, after: 'r3' } } }),
      [{ type: 'membership.added', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4', accountId: 'a1B2c3D4e5', roleId: 'r3' } }],
    ],
    [
      'a project renamed with two plans changed',
      change({
        action: 'project.update',
        targetId: 'p1Q2r3S4',
        projectId: 'p1Q2r3S4',
        changes: {
          name: { before: '旧', after: '新' },
          'productSettings.knowledge.plan': { before: 'none', after: 'enterprise' },
          'productSettings.speak.plan': { before: 'free', after: 'none' },
        },
      }),
      [
        { type: 'project.renamed', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4', name: '新', previousName: '旧' } },
        { type: 'plan.changed', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4', product: 'knowledge', plan: 'enterprise', previousPlan: 'none' } },
        { type: 'plan.changed', data: { organizationId: 'o1P2q3R4', projectId: 'p1Q2r3S4', product: 'speak', plan: 'none', previousPlan: 'free' } },
      ],
    ],
    [
      'an accepted invitation',
      change({ action: 'invitation.accept', targetId: 'i'.repeat(21) }),
      [{ type: 'invitation.accepted', data: { organizationId: 'o1P2q3R4', invitationId: 'i'.repeat(21), accountId: 'z9Y8x7W6v5' } }],
    ],
    ['a deleted account', change({ action: 'account.delete', organizationId: null }), [{ type: 'account.deleted', data: { accountId: 'a1B2c3D4e5' } }]],
  ])('%s makes its events', (_, audited, expected) => {
    const events = changeEventsOf(audited);
    expect(events).toEqual(expected);
    for (const event of events) expect(isEventType(event.type) && matchesSchema(event.type, event.data)).toBe(true);
  });

  it('changes sibling products need not know of make none', () => {
    expect(changeEventsOf(change({ action: 'session.login' }))).toEqual([]);
    expect(changeEventsOf(change({ action: 'organization.update', changes: { profileImageUrl: { before: null, after: 'x' } } }))).toEqual([]);
    expect(changeEventsOf(change({ action: 'project.update', projectId: 'p1Q2r3S4', changes: {} }))).toEqual([]);
  });

  it('the catalogue has every type once, each with a description and the schema of its envelope', () => {
    const catalogue = eventCatalogue();
    expect(catalogue.map((entry) => entry.type)).toEqual([...EVENT_TYPES]);
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    for (const entry of catalogue) {
      expect(entry.description.length).toBeGreaterThan(0);
      expect(entry.schema).toMatchObject({ type: 'object', required: ['id', 'type', 'timestamp', 'data'], properties: { type: { const: entry.type } } });
    }
  });
});
