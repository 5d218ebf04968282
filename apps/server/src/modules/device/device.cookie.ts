import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../../config/config.ts';

/** `__Host-gh_device` over https; `gh_device` on plain-http loopback, like the session cookie. */
export function deviceCookieName(config: Pick<Config, 'insecureLoopback'>): string {
  return config.insecureLoopback ? 'gh_device' : '__Host-gh_device';
}

/**
 * The device cookie, read and set by the routes (the device service only sees its token;
 * docs/decisions/0112-devices.md).
 */
export class DeviceCookie {
  readonly name: string;
  private readonly options: CookieSerializeOptions;

  constructor(config: Pick<Config, 'insecureLoopback' | 'deviceCookieMaxAgeMs'>) {
    this.name = deviceCookieName(config);
    this.options = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: !config.insecureLoopback,
      maxAge: Math.floor(config.deviceCookieMaxAgeMs / 1000),
    };
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
