import { chooserRows, organizationOf, organizationProjectRows, runsByOrganization } from '@/features/projects/project-rows';

const project = (id: string, organizationId: string) => ({
  id,
  name: `project ${id}`,
  organizationId,
  organizationName: `name of ${organizationId}`,
  organizationProfileImageSrc: organizationId === 'orgA' ? 'https://images.example/a.png' : null,
  organizationMfaRequired: organizationId === 'orgB',
});

describe('project chooser rows', () => {
  it('puts a heading before each run of one organization, also across a page boundary, with the organization the projects carry', () => {
    const firstPage = [project('p1', 'orgA'), project('p2', 'orgB')];
    const secondPage = [project('p3', 'orgB'), project('p4', 'orgC')];
    const rows = chooserRows([...firstPage, ...secondPage]);
    expect(rows.map((r) => (r.kind === 'organization' ? `# ${r.organization.name}` : r.project.id))).toEqual([
      '# name of orgA',
      'p1',
      '# name of orgB',
      'p2',
      'p3',
      '# name of orgC',
      'p4',
    ]);
    expect(rows[0]).toEqual({
      kind: 'organization',
      organization: { id: 'orgA', name: 'name of orgA', profileImageSrc: 'https://images.example/a.png', mfaRequired: false },
    });
    expect(rows[2]).toMatchObject({ kind: 'organization', organization: { id: 'orgB', mfaRequired: true } });
    // The first page alone already has orgB's heading; the second page adds no other for it.
    expect(chooserRows(firstPage).filter((r) => r.kind === 'organization')).toHaveLength(2);
    expect(chooserRows([])).toEqual([]);
  });

  it('groups consecutive items of one organization (the rendered window, the switcher’s options)', () => {
    const rows = chooserRows([project('p1', 'orgA'), project('p2', 'orgA'), project('p3', 'orgB')]);
    // A window starting inside orgA's run, without its heading.
    const runs = runsByOrganization(rows.slice(2), (row) => row.organization);
    expect(runs.map((run) => [run.organization.name, run.items.length])).toEqual([
      ['name of orgA', 1],
      ['name of orgB', 2],
    ]);
    expect(
      runsByOrganization([project('p1', 'orgA'), project('p2', 'orgB'), project('p3', 'orgB')], organizationOf).map((run) => run.items.map((p) => p.id)),
    ).toEqual([['p1'], ['p2', 'p3']]);
    expect(runsByOrganization([], organizationOf)).toEqual([]);
  });

  it('lists the organizations without a project to show after the projects', () => {
    const empty = { id: 'orgEmpty', name: 'empty', profileImageSrc: null, mfaRequired: false };
    const rows = organizationProjectRows([project('p1', 'orgA')], [organizationOf(project('p1', 'orgA')), empty]);
    expect(rows.map((r) => `${r.kind}:${r.organization.id}`)).toEqual(['organization:orgA', 'project:orgA', 'organization:orgEmpty', 'noProjects:orgEmpty']);
    expect(organizationProjectRows([], [])).toEqual([]);
  });
});
