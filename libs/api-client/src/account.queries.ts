import { queryOptions } from '@tanstack/react-query';
import {
  ActivityListResponseSchema,
  BusinessResponseSchema,
  InboxResponseSchema,
  InvitationListResponseSchema,
  InvitationResponseSchema,
  LocationListResponseSchema,
  LocationResponseSchema,
  ManagedUserResponseSchema,
  MessageResponseBodySchema,
  MessageResponseSchema,
  SentMessagesResponseSchema,
  UserDetailsResponseSchema,
  UserListResponseSchema,
  VerifyTokenResponseSchema,
  VerifyInvitationResponseSchema,
  VerifyUsernameResponseSchema,
  type AcceptInvitationRequest,
  type ActivityListQuery,
  type AdminUpdateUserRequest,
  type CreateLocationRequest,
  type CreateUserRequest,
  type InvitationIdRequest,
  type InviteStaffRequest,
  type LiveData,
  type LockUserRequest,
  type LoginRequest,
  type MarkMessagesReadRequest,
  type PasswordResetRequest,
  type RegisterRequest,
  type RequestPasswordReset,
  type RequestUsername,
  type SendMessageRequest,
  type SetPermissionsRequest,
  type UpdateBusinessRequest,
  type UpdateLocationRequest,
  type UpdateProfileRequest,
} from '@stockbook/contracts';
import { apiQuery, apiRequest } from './http';

/**
 * Query keys of the account data. The first element of every key is the `LiveData` kind an
 * SSE `invalidate` event names, so `invalidateLiveData` reloads every copy of that kind.
 */
export const accountKeys = {
  currentUser: () => ['user', 'details'] as const satisfies readonly [LiveData, ...unknown[]],
  business: () => ['business'] as const satisfies readonly [LiveData, ...unknown[]],
  locations: (ids?: readonly string[]) => ['locations', { ids: ids ? [...ids].sort() : null }] as const,
  allLocations: () => ['locations'] as const satisfies readonly [LiveData],
  inbox: () => ['messages', 'inbox'] as const satisfies readonly [LiveData, ...unknown[]],
  sentMessages: () => ['messages', 'sent'] as const satisfies readonly [LiveData, ...unknown[]],
  allMessages: () => ['messages'] as const satisfies readonly [LiveData],
  users: () => ['users'] as const satisfies readonly [LiveData],
  invitations: () => ['users', 'invitations'] as const satisfies readonly [LiveData, ...unknown[]],
  activity: (query: ActivityListQuery) => ['activity', query] as const,
  allActivity: () => ['activity'] as const satisfies readonly [LiveData],
};

/** user/details: the signed-in user. Not refetched on focus and not retried (specification, section 9). */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.currentUser(),
    ...apiQuery('user/details', UserDetailsResponseSchema, undefined, (body) => body.user),
    refetchOnWindowFocus: false,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const businessQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.business(),
    queryFn: async ({ signal }) => (await apiRequest('user/business', BusinessResponseSchema, { signal })).business,
  });

/** user/location: the caller's visible locations, or only `ids` among them. */
export const locationsQueryOptions = (ids?: readonly string[]) =>
  queryOptions({
    queryKey: accountKeys.locations(ids),
    ...apiQuery('user/location', LocationListResponseSchema, { locations: ids }, (body) => body.data),
  });

export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.inbox(),
    ...apiQuery('user/message', InboxResponseSchema),
  });

/** user/message/sent: what the signed-in user sent, with the recipients and whether they read it. */
export const sentMessagesQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sentMessages(),
    queryFn: ({ signal }) => apiRequest('user/message/sent', SentMessagesResponseSchema, { signal }),
  });

/** user/admin/users: administrators only; others must not ask. */
export const usersQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.users(),
    queryFn: async ({ signal }) => (await apiRequest('user/admin/users', UserListResponseSchema, { signal })).users,
  });

/** user/admin/invitations: the open staff invitations; administrators only. Under `users`, so a change of users reloads it. */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.invitations(),
    queryFn: async ({ signal }) => (await apiRequest('user/admin/invitations', InvitationListResponseSchema, { signal })).invitations,
  });

export const activityQueryOptions = (query: ActivityListQuery) =>
  queryOptions({
    queryKey: accountKeys.activity(query),
    queryFn: ({ signal }) =>
      apiRequest('user/activity', ActivityListResponseSchema, {
        signal,
        query: { page: query.page, limit: query.limit, locations: query.locations },
      }),
  });

/** The account calls that change something; each answers with its contract's shape. */
export const accountApi = {
  register: (body: RegisterRequest) => apiRequest('user/register', UserDetailsResponseSchema, { method: 'POST', body }),
  login: (body: LoginRequest) => apiRequest('user/login', UserDetailsResponseSchema, { method: 'POST', body }),
  logout: () => apiRequest('user/logout', MessageResponseBodySchema, { method: 'POST' }),
  verifyUsername: (username: string) =>
    apiRequest('verify-username', VerifyUsernameResponseSchema, { query: { username } }),
  requestUsername: (body: RequestUsername) =>
    apiRequest('user/request/username', MessageResponseBodySchema, { method: 'POST', body }),
  requestPasswordReset: (body: RequestPasswordReset) =>
    apiRequest('user/request/password-reset', MessageResponseBodySchema, { method: 'POST', body }),
  verifyResetToken: (token: string) => apiRequest('verify-token', VerifyTokenResponseSchema, { query: { token } }),
  resetPassword: (body: PasswordResetRequest) =>
    apiRequest('user/password-reset', MessageResponseBodySchema, { method: 'POST', body }),
  updateProfile: (body: UpdateProfileRequest) =>
    apiRequest('user/update', UserDetailsResponseSchema, { method: 'PATCH', body }),
  updateBusiness: (body: UpdateBusinessRequest) =>
    apiRequest('user/business', BusinessResponseSchema, { method: 'PATCH', body }),
  /** A test receipt was printed: recorded for the getting-started list. */
  recordTestReceipt: () => apiRequest('user/business/test-receipt', BusinessResponseSchema, { method: 'POST', body: {} }),
  createLocation: (body: CreateLocationRequest) =>
    apiRequest('user/location', LocationResponseSchema, { method: 'POST', body }),
  updateLocation: (id: string, body: UpdateLocationRequest) =>
    apiRequest(`user/location/${encodeURIComponent(id)}`, LocationResponseSchema, { method: 'PATCH', body }),
  sendMessage: (body: SendMessageRequest) => apiRequest('user/message', MessageResponseSchema, { method: 'POST', body }),
  markMessagesRead: (body: MarkMessagesReadRequest) =>
    apiRequest('user/message/read', InboxResponseSchema, { method: 'POST', body }),
  createUser: (body: CreateUserRequest) =>
    apiRequest('user/admin/users', ManagedUserResponseSchema, { method: 'POST', body }),
  updateUser: (body: AdminUpdateUserRequest) =>
    apiRequest('user/admin/update', ManagedUserResponseSchema, { method: 'PATCH', body }),
  lockUser: (body: LockUserRequest) => apiRequest('user/admin/lock', ManagedUserResponseSchema, { method: 'POST', body }),
  setPermissions: (body: SetPermissionsRequest) =>
    apiRequest('user/admin/permissions', ManagedUserResponseSchema, { method: 'POST', body }),
  inviteStaff: (body: InviteStaffRequest) => apiRequest('user/admin/invitations', InvitationResponseSchema, { method: 'POST', body }),
  resendInvitation: (body: InvitationIdRequest) =>
    apiRequest('user/admin/invitations/resend', InvitationResponseSchema, { method: 'POST', body }),
  revokeInvitation: (body: InvitationIdRequest) =>
    apiRequest('user/admin/invitations/revoke', InvitationResponseSchema, { method: 'POST', body }),
  verifyInvitation: (token: string) => apiRequest('verify-invitation', VerifyInvitationResponseSchema, { query: { token } }),
  acceptInvitation: (body: AcceptInvitationRequest) =>
    apiRequest('user/invitation/accept', UserDetailsResponseSchema, { method: 'POST', body }),
};
