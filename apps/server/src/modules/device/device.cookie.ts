import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.ts';
import { hostCookie } from '../../plugins/host-cookie.ts';

/**
 * The device cookie, read and set by the routes (the device service only sees its token;
 * docs/decisions/0112-devices.md).
 */
export class DeviceCookie {
  readonly name: string;
  private readonly options: CookieSerializeOptions;

  constructor(config: Pick<Config, 'insecureLoopback' | 'deviceCookieMaxAgeMs'>) {
    // `__Host-gh_device` over https; `gh_device` on plain-http loopback, like the session cookie.
    ({ name: this.name, options: this.options } = hostCookie(config, 'gh_device', {
      sameSite: 'lax',
      maxAgeMs: config.deviceCookieMaxAgeMs,
    }));
  }

  /** The token the browser sent, if any. */
  read(request: FastifyRequest): string | undefined {
    return request.cookies[this.name];
  }

  /** Gives the browser the token `DeviceService.ensure` answered, for its full lifetime. */
  write(reply: FastifyReply, token: string): void {
    reply.setCookie(this.name, token, this.options);
  }
}
