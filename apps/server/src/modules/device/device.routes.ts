import type { FastifyInstance } from 'fastify';
import { deviceUserList } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';

export async function deviceRoutes(app: FastifyInstance): Promise<void> {
  // Remembered accounts need the device cookie of the devices issue; until then no device remembers anyone.
  apiRoute(app, deviceUserList, async () => ({ status: 'ok', users: [] }));
}
