import type { FastifyInstance } from 'fastify';
import { serverInfo, serverVersion } from '@gatehouse/contract';
import type { Config } from '../../config/config.ts';
import { apiRoute } from '../../plugins/api-route.ts';

export async function serverInfoRoutes(app: FastifyInstance, { config }: { config: Config }): Promise<void> {
  apiRoute(app, serverInfo, async () => ({
    status: 'ok',
    // The bot check is off until it is configured (a later issue adds the keys).
    reCaptcha: { siteKey: null, scriptUri: null, privacyPolicyUrl: null, termsUrl: null },
    contactUrl: config.contactUrl,
    // The app checks `redirect` against the same origins as the server (security.md, "Redirects").
    redirectAllowlist: [...config.redirectAllowlist],
  }));

  apiRoute(app, serverVersion, async () => ({ copyright: config.copyright, version: config.version }));
}
