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

describe('groupProjects', () => {
  it('groups projects under their organizations and drops organizations without projects', () => {
    const groups = groupProjects(organizations, projects);
    expect(groups.map((g) => [g.organization.id, g.projects.map((p) => p.id)])).toEqual([
      ['org00001', ['prj00001', 'prj00002']],
      ['org00002', ['prj00003']],
    ]);
  });

  it('keeps every project of an organization whose name matches, case-insensitively', () => {
    const groups = groupProjects(organizations, projects, 'acme');
    expect(groups).toHaveLength(1);
    expect(groups[0]?.projects.map((p) => p.id)).toEqual(['prj00001', 'prj00002']);
  });

  it('filters projects by name, case-insensitively, across organizations', () => {
    expect(groupProjects(organizations, projects, 'KNOWLEDGE').map((g) => g.projects.map((p) => p.name))).toEqual([['Knowledge Base']]);
    expect(groupProjects(organizations, projects, 'search').map((g) => g.organization.name)).toEqual(['Beta Labs']);
    expect(groupProjects(organizations, projects, 'ポータル').map((g) => g.projects.map((p) => p.id))).toEqual([['prj00002']]);
  });

  it('ignores surrounding spaces and returns nothing when nothing matches', () => {
    expect(groupProjects(organizations, projects, '  beta  ')).toHaveLength(1);
    expect(groupProjects(organizations, projects, 'zzz')).toEqual([]);
  });
});
