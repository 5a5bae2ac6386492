import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '@console/domain';
import { apiClient, unwrapRequired, type ApiPaths } from '@/lib/api-client';
import { systemAdminKeys } from '../keys';

type Answer<P extends keyof ApiPaths> = ApiPaths[P] extends { post: { responses: { 200: { content: { 'application/json': infer A } } } } } ? A : never;
type Body<P extends keyof ApiPaths> = ApiPaths[P] extends { post: { requestBody?: { content: { 'application/json': infer B } } } } ? B : never;

export type WebhookEndpoint = Answer<'/systemAdmin/webhook/listEndpoints'>['items'][number];
export type WebhookDelivery = Answer<'/systemAdmin/webhook/listDeliveries'>['items'][number];
export type DeliveryStatus = WebhookDelivery['status'];
type UpdateEndpointInput = Body<'/systemAdmin/webhook/updateEndpoint'>;

/** Every webhook endpoint with its credential and its deliveries' counts (docs/integration.md#typed-client). */
export function useWebhookEndpoints() {
  return useQuery(
    queryOptions({
      queryKey: systemAdminKeys.webhookEndpoints(),
      queryFn: () => unwrapRequired(apiClient.POST('/systemAdmin/webhook/listEndpoints', { body: {} })),
      select: (answer) => answer.items,
    }),
  );
}

/** The types of event an endpoint may subscribe to, with their descriptions. */
export function useEventCatalogue() {
  return useQuery({
    queryKey: systemAdminKeys.eventCatalogue(),
    queryFn: () => unwrapRequired(apiClient.POST('/systemAdmin/webhook/eventCatalogue', { body: {} })),
    select: (answer) => answer.items,
    staleTime: Infinity,
  });
}

/** How often the deliveries are read again while some are pending. */
const PENDING_REFRESH_MS = 2000;

/** The deliveries of an endpoint, newest first, a page at a time (read again while some are pending); `status` null: every status. */
export function useWebhookDeliveries(endpointId: string, status: DeliveryStatus | null) {
  return useInfiniteQuery({
    queryKey: systemAdminKeys.webhookDeliveries(endpointId, status ?? 'all'),
    queryFn: ({ pageParam }) =>
      unwrapRequired(
        apiClient.POST('/systemAdmin/webhook/listDeliveries', {
          body: { endpointId, limit: LIST_PAGE_SIZE, ...(status ? { status } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: (query) => (query.state.data?.pages.some((page) => page.items.some((item) => item.status === 'pending')) ? PENDING_REFRESH_MS : false),
  });
}

/** A change of the endpoints or their deliveries, refreshing both. */
function useWebhookChange<T, R>(change: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: systemAdminKeys.webhookEndpoints() }),
  });
}

/** Adds an endpoint to a credential; the answer holds its signing secret, shown once. */
export function useCreateWebhookEndpoint() {
  return useWebhookChange((body: Body<'/systemAdmin/webhook/createEndpoint'>) =>
    unwrapRequired(apiClient.POST('/systemAdmin/webhook/createEndpoint', { body })),
  );
}

/** Changes an endpoint's URL, event types or whether it is enabled. */
export function useUpdateWebhookEndpoint() {
  return useWebhookChange((body: UpdateEndpointInput) => unwrapRequired(apiClient.POST('/systemAdmin/webhook/updateEndpoint', { body })));
}

/** Issues a new signing secret of the endpoint (shown once). */
export function useRotateWebhookSecret() {
  return useWebhookChange((endpoint: WebhookEndpoint) =>
    unwrapRequired(apiClient.POST('/systemAdmin/webhook/rotateEndpointSecret', { body: { endpointId: endpoint.id } })),
  );
}

/** Deletes an endpoint. */
export function useDeleteWebhookEndpoint() {
  return useWebhookChange((endpoint: WebhookEndpoint) =>
    unwrapRequired(apiClient.POST('/systemAdmin/webhook/deleteEndpoint', { body: { endpointId: endpoint.id } })),
  );
}

/** Delivers one delivery again. */
export function useReplayDelivery() {
  return useWebhookChange((delivery: WebhookDelivery) =>
    unwrapRequired(apiClient.POST('/systemAdmin/webhook/replayDelivery', { body: { deliveryId: delivery.id } })),
  );
}

/** Delivers again every failed delivery of an endpoint; the answer counts them. */
export function useReplayFailedDeliveries() {
  return useWebhookChange((endpoint: WebhookEndpoint) =>
    unwrapRequired(apiClient.POST('/systemAdmin/webhook/replayFailed', { body: { endpointId: endpoint.id } })),
  );
}
