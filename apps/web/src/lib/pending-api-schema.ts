/**
 * Calls of spec §7 that the API's openapi.json does not describe yet, typed after the spec's
 * shapes in the same format openapi-typescript generates. `ApiPaths` (api-client.ts) prefers the
 * generated definition of a path as soon as it exists, so an entry here only matters until the
 * API publishes it; delete entries once `pnpm --filter @console/web generate:api` covers them.
 */
type NoParams = { query?: never; header?: never; path?: never; cookie?: never };

type JsonOperation<Body, Response> = {
  parameters: NoParams;
  requestBody: { content: { 'application/json': Body } };
  responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': Response } } };
};

type NoBodyOperation<Response> = {
  parameters: NoParams;
  requestBody?: never;
  responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': Response } } };
};

type MultipartOperation<Response> = {
  parameters: NoParams;
  requestBody: { content: { 'multipart/form-data': FormData } };
  responses: { 200: { headers: { [name: string]: unknown }; content: { 'application/json': Response } } };
};

type Post<Operation> = {
  parameters: NoParams;
  get?: never;
  put?: never;
  post: Operation;
  delete?: never;
  options?: never;
  head?: never;
  patch?: never;
  trace?: never;
};

export interface PendingRole {
  id: string;
  key: string;
  name: string;
  description: string;
  isPreset: boolean;
}

export interface PendingOrganization {
  id: string;
  name: string;
  profileImageSrc: string | null;
  roles: PendingRole[];
}

export interface PendingProject {
  id: string;
  name: string;
  organizationId: string;
  roles: PendingRole[];
  productSettings: Record<string, { plan: string }>;
}

export interface PendingInvitation {
  id: string;
  expiredIn: number;
  email: string;
  canBeSuperAdmin: boolean;
  membership: { organizationId: string; roleId: string; projects: { projectId: string; roleId: string }[] };
  createdById: string;
  createdAt: string;
  status?: 'pending' | 'expired' | 'accepted' | 'cancelled';
  acceptedAt?: string | null;
  cancelledAt?: string | null;
}

export interface PendingAccount {
  id: string;
  idaasId: string | null;
  name: string | null;
  email: string;
  profileImageSrc: string | null;
  isSystemAdmin: boolean;
  memberships: { organizationId: string; roleId: string; projects: { projectId: string; roleId: string }[] }[];
}

export interface PendingPaths {
  '/session/login': Post<NoBodyOperation<unknown>>;
  '/session/logout': Post<NoBodyOperation<unknown>>;
  '/account/update': Post<JsonOperation<{ name?: string | null; profileImageSrc?: string | null }, PendingAccount>>;
  '/account/uploadProfileImage': Post<MultipartOperation<{ url: string }>>;
  '/organization/listOfAccount': Post<NoBodyOperation<PendingOrganization[]>>;
  '/project/listInAccount': Post<NoBodyOperation<PendingProject[]>>;
  '/invitation/getByIdWithOrganization': Post<
    JsonOperation<{ invitationId: string }, { invitation: PendingInvitation; organization: PendingOrganization | null }>
  >;
  '/invitation/accept': Post<JsonOperation<{ invitationId: string }, PendingAccount>>;

  // Organization and project settings, invitations, system administration (spec §7).
  '/organization/get': Post<JsonOperation<{ organizationId: string }, PendingOrganization>>;
  '/organization/update': Post<
    JsonOperation<{ organizationId: string; updateProps: { name?: string; profileImageSrc?: string | null } }, PendingOrganization>
  >;
  '/organization/uploadProfileImage': Post<MultipartOperation<{ url: string }>>;
  '/organization/listMembers': Post<JsonOperation<{ organizationId: string }, PendingAccount[]>>;
  '/organization/removeMember': Post<JsonOperation<{ organizationId: string; accountId: string }, PendingAccount>>;
  '/organization/inviteMembers': Post<
    JsonOperation<
      { organizationId: string; emails: string[]; props: { roleId: string; projects: { projectId: string; roleId: string }[] } },
      { email: string; invitation: PendingInvitation | null; account: PendingAccount | null }[]
    >
  >;
  '/invitation/listInOrganization': Post<JsonOperation<{ organizationId: string }, PendingInvitation[]>>;
  '/invitation/listInProject': Post<JsonOperation<{ projectId: string }, PendingInvitation[]>>;
  '/invitation/cancel': Post<JsonOperation<{ invitationId: string }, PendingInvitation>>;
  '/project/get': Post<JsonOperation<{ projectId: string }, PendingProject>>;
  '/project/update': Post<
    JsonOperation<{ projectId: string; updateProps: { name?: string; productSettings?: Record<string, { plan: string }> } }, PendingProject>
  >;
  '/project/listMembers': Post<JsonOperation<{ projectId: string }, PendingAccount[]>>;
  '/project/removeMember': Post<JsonOperation<{ projectId: string; accountId: string }, PendingAccount>>;
  '/account/assignProjectRole': Post<
    JsonOperation<{ accountId: string; organizationId: string; props: { projectId: string; roleId: string } }, PendingAccount>
  >;
  '/account/assignOrganizationRole': Post<JsonOperation<{ accountId: string; props: { organizationId: string; roleId: string } }, PendingAccount>>;
  '/systemAdmin/account/list': Post<NoBodyOperation<PendingAccount[]>>;
  '/systemAdmin/account/updateIsSystemAdmin': Post<JsonOperation<{ email: string; isSystemAdmin: boolean }, PendingAccount>>;
  '/system-admin/organization/create': Post<JsonOperation<{ name: string; profileImageSrc?: string | null }, PendingOrganization>>;
  '/system-admin/organization/listAll': Post<NoBodyOperation<PendingOrganization[]>>;
  '/system-admin/project/create': Post<JsonOperation<{ organizationId: string; name: string }, PendingProject>>;
  '/system-admin/project/listAll': Post<NoBodyOperation<PendingProject[]>>;
  '/systemAdmin/projectKarteMapping/get': Post<JsonOperation<{ projectId: string }, PendingProjectKarteMapping | null>>;
  '/systemAdmin/projectKarteMapping/upsert': Post<JsonOperation<{ projectId: string; karteProjectId: string }, PendingProjectKarteMapping>>;
  '/systemAdmin/organizationKarteMapping/get': Post<JsonOperation<{ organizationId: string }, PendingOrganizationKarteMapping | null>>;
  '/systemAdmin/organizationKarteMapping/upsert': Post<
    JsonOperation<{ organizationId: string; karteOrganizationId: string }, PendingOrganizationKarteMapping>
  >;
}

export interface PendingProjectKarteMapping {
  rtProjectId: string;
  karteProjectId: string;
  karteApiKey?: string | null;
}

export interface PendingOrganizationKarteMapping {
  rtOrganizationId: string;
  karteOrganizationId: string;
}
