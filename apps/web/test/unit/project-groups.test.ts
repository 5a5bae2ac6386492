import { groupProjects } from '@/features/projects/project-groups';

const organizations = [
  { id: 'org00001', name: 'Acme 株式会社' },
  { id: 'org00002', name: 'Beta Labs' },
  { id: 'org00003', name: '空の組織' },
];
const projects = [
  { id: 'prj00001', name: 'Knowledge Base', organizationId: 'org00001' },
  { id: 'prj00002', name: '社内ポータル', organizationId: 'org00001' },
  { id: 'prj00003', name: 'Research', organizationId: 'org00002' },
];

/** Each group as [organization id, its project ids]. */
const ids = (groups: readonly { organization: { id: string }; projects: readonly { id: string }[] }[]) => groups.map((g) => [g.organization.id, g.projects.map((p) => p.id)]);

describe('groupProjects (the project chooser and switcher)', () => {
  it('groups projects under their organizations and drops organizations without projects', () => {
    expect(ids(groupProjects(organizations, projects))).toEqual([
      ['org00001', ['prj00001', 'prj00002']],
      ['org00002', ['prj00003']],
    ]);
  });

  it('keeps every project of an organization whose name matches, case-insensitively', () => {
    expect(ids(groupProjects(organizations, projects, { query: 'acme' }))).toEqual([['org00001', ['prj00001', 'prj00002']]]);
  });

  it('filters projects by name, case-insensitively, across organizations', () => {
    expect(groupProjects(organizations, projects, { query: 'KNOWLEDGE' }).map((g) => g.projects.map((p) => p.name))).toEqual([['Knowledge Base']]);
    expect(groupProjects(organizations, projects, { query: 'search' }).map((g) => g.organization.name)).toEqual(['Beta Labs']);
    expect(ids(groupProjects(organizations, projects, { query: 'ポータル' }))).toEqual([['org00001', ['prj00002']]]);
  });

  it('leaves out an organization without projects even when its name matches', () => {
    expect(groupProjects(organizations, projects, { query: '空の' })).toEqual([]);
  });

  it('ignores surrounding spaces and returns nothing when nothing matches', () => {
    expect(ids(groupProjects(organizations, projects, { query: '  beta  ' }))).toEqual([['org00002', ['prj00003']]]);
    expect(groupProjects(organizations, projects, { query: 'zzz' })).toEqual([]);
  });
});

describe('groupProjects with includeEmptyOrganizations (the system-admin list)', () => {
  const all = { includeEmptyOrganizations: true };

  it('lists every organization, one without projects with an empty list', () => {
    expect(ids(groupProjects(organizations, projects, all))).toEqual([
      ['org00001', ['prj00001', 'prj00002']],
      ['org00002', ['prj00003']],
      ['org00003', []],
    ]);
  });

  it('keeps an organization without projects whose name matches', () => {
    expect(ids(groupProjects(organizations, projects, { ...all, query: '空の' }))).toEqual([['org00003', []]]);
  });

  it('searches projects the same way as the chooser: an organization whose name does not match shows only its matching projects, or not at all', () => {
    expect(ids(groupProjects(organizations, projects, { ...all, query: 'research' }))).toEqual([['org00002', ['prj00003']]]);
    expect(ids(groupProjects(organizations, projects, { ...all, query: 'ACME' }))).toEqual([['org00001', ['prj00001', 'prj00002']]]);
    expect(groupProjects(organizations, projects, { ...all, query: 'zzz' })).toEqual([]);
  });
});
