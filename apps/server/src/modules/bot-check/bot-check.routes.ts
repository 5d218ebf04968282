import type { FastifyInstance } from 'fastify';
import { altchaChallenge } from '@gatehouse/contract';
import { apiRoute } from '../../plugins/api-route.ts';
import type { AltchaVerifier } from './altcha.verifier.ts';

/** The ALTCHA challenge the app solves before a call marked BC (docs/decisions/0140-bot-check.md). */
export async function botCheckRoutes(app: FastifyInstance, { altcha }: { altcha: AltchaVerifier }): Promise<void> {
  apiRoute(app, altchaChallenge, async () => altcha.challenge());
}
