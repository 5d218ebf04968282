import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ModuleContext } from '../module-context.ts';
import { DeviceRepository } from './device.repository.ts';
import { deviceRoutes } from './device.routes.ts';
import { DeviceService } from './device.service.ts';
import { DeviceCookie } from './device.cookie.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This browser's device: remembered accounts and trust (docs/decisions/0112-devices.md). */
    devices: DeviceService;
    /** The device cookie, for the routes that read or set it. */
    deviceCookie: DeviceCookie;
  }
}

/** Remembered accounts and trusted devices: the service for the other modules, and /api/device/*. */
export const deviceModule = fp(
  async function device(app: FastifyInstance, { db, config, now }: ModuleContext): Promise<void> {
    const devices = new DeviceService(new DeviceRepository(db), now, config);
    const deviceCookie = new DeviceCookie(config);
    app.decorate('devices', devices);
    app.decorate('deviceCookie', deviceCookie);
    await app.register(deviceRoutes, { devices, deviceCookie });
  },
  { name: 'device-module', fastify: '5.x' },
);
