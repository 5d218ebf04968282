import { z } from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { UserId } from '../common.ts';

/** Device user list entry: an account remembered on this device. */
export const DeviceUser = z.object({
  userId: UserId,
  email: z.string(),
  firstName: z.string(),
  surname: z.string(),
  loginName: z.string(),
});
export type DeviceUser = z.infer<typeof DeviceUser>;

export const DeviceUserListAnswer = z.object({
  status: z.string(),
  reasons: z.optional(z.array(z.string())),
  users: z._default(z.array(DeviceUser), []),
});
export type DeviceUserListAnswer = z.infer<typeof DeviceUserListAnswer>;

/** Remembered users shown at most. */
export const REMEMBERED_USERS_SHOWN = 3;

export const deviceUserList = defineEndpoint({
  id: 'deviceUserList',
  method: 'GET',
  path: '/api/device/userlist',
  summary: 'Accounts remembered on this device, most recent first.',
  body: undefined,
  query: undefined,
  answer: DeviceUserListAnswer,
  reasons: ['app_error'],
});

export const DeviceUserRemoveQuery = z.strictObject({ userId: UserId });

export const deviceUserRemove = defineEndpoint({
  id: 'deviceUserRemove',
  method: 'DELETE',
  path: '/api/device/userlist',
  summary: 'Remove one account from the list of this device.',
  body: undefined,
  query: DeviceUserRemoveQuery,
  answer: DeviceUserListAnswer,
  reasons: ['missing_parameter', 'invalid_parameter', 'app_error'],
});

export const deviceUsersForget = defineEndpoint({
  id: 'deviceUsersForget',
  method: 'DELETE',
  path: '/api/device/userlist/all',
  summary: 'Forget every account remembered on this device, and their trust here (an addition: a shared computer).',
  body: undefined,
  query: undefined,
  answer: DeviceUserListAnswer,
  reasons: ['app_error'],
  addition: true,
});
