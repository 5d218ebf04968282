import type { FastifyInstance } from 'fastify';
import { deviceUserList, deviceUserRemove, deviceUsersForget } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import type { DeviceService } from './device.service.ts';
import type { DeviceCookie } from './device.cookie.ts';

/** Remembered accounts of this browser, keyed by the device cookie (docs/decisions/0112-devices.md). */
export async function deviceRoutes(
  app: FastifyInstance,
  { devices, deviceCookie }: { devices: DeviceService; deviceCookie: DeviceCookie },
): Promise<void> {
  apiRoute(app, deviceUserList, async ({ request }) => {
    try {
      return { status: 'ok', users: await devices.rememberedAccounts(deviceCookie.read(request)) };
    } catch (error) {
      request.log.error({ err: error }, 'device user list failed with an internal error');
      return { status: 'failed', reasons: ['app_error'], users: [] };
    }
  });

  apiRoute(app, deviceUserRemove, async ({ query, request }) => {
    try {
      return { status: 'ok', users: await devices.forgetAccount(deviceCookie.read(request), query.userId) };
    } catch (error) {
      request.log.error({ err: error }, 'device user removal failed with an internal error');
      return { status: 'failed', reasons: ['app_error'], users: [] };
    }
  });

  apiRoute(app, deviceUsersForget, async ({ request }) => {
    try {
      await devices.forgetAllAccounts(deviceCookie.read(request));
      return { status: 'ok', users: [] };
    } catch (error) {
      request.log.error({ err: error }, 'forgetting the device users failed with an internal error');
      return { status: 'failed', reasons: ['app_error'], users: [] };
    }
  });
}
