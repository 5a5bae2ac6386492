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
}
