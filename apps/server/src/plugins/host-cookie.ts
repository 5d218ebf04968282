import type { CookieSerializeOptions } from '@fastify/cookie';
import type { Config } from '../config/config.ts';

/** A cookie's name and the options it is always set with. */
export interface HostCookie {
  name: string;
  options: CookieSerializeOptions;
}

/**
 * One of the server's own cookies (session, device, passkey challenge, used link), made by one rule:
 * over https it is `__Host-<base>`, which the browser keeps only when it is `Secure`, has no `Domain`
 * and `Path=/` (so no other host or path can set or shadow it); on plain-http loopback, which cannot be
 * `Secure`, it is `<base>` alone. Always `HttpOnly`: no script of the page reads it. Without
 * `maxAgeMs` it is a browser-session cookie.
 */
export function hostCookie(
  config: Pick<Config, 'insecureLoopback'>,
  base: string,
  { sameSite, maxAgeMs }: { sameSite: 'lax' | 'strict'; maxAgeMs?: number },
): HostCookie {
  return {
    name: config.insecureLoopback ? base : `__Host-${base}`,
    options: {
      path: '/',
      httpOnly: true,
      sameSite,
      secure: !config.insecureLoopback,
      ...(maxAgeMs === undefined ? {} : { maxAge: Math.ceil(maxAgeMs / 1000) }),
    },
  };
}
