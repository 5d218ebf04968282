import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BOT_CHECK_HEADER, type BotCheck, type BotCheckAction } from '@gatehouse/contract';

/** Why a token was refused, for the log line (never the token itself). */
export type BotCheckOutcome = { passed: true } | { passed: false; why: string };

/** What a verifier may know of the call it checks (the request gives it; no HTTP types beyond it). */
export interface BotCheckCaller {
  /** The client's address (as the throttles count it). */
  readonly ip: string;
  readonly log: { warn(details: object, message: string): void };
}

/** One bot check (reCAPTCHA v3 or ALTCHA): decides whether a non-empty token passes for an action. */
export interface BotCheckVerifier {
  readonly kind: 'recaptcha' | 'altcha';
  verify(token: string, action: BotCheckAction, caller: BotCheckCaller): Promise<BotCheckOutcome>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured bot check; null when BOT_CHECK=none. */
    botCheck: BotCheckVerifier | null;
  }
}

/** What a refused call answers: HTTP 200, a business failure, and nothing changes (docs/decisions/0140-bot-check.md). */
export const BOT_CHECK_FAILED = { status: 'failed', reasons: ['bot_check_failed'] } as const;

/** Tokens are a few hundred characters (reCAPTCHA) or a small base64 JSON (ALTCHA); anything longer is refused unread. */
const MAX_TOKEN_LENGTH = 8 * 1024;

export interface BotCheckOptions {
  /** The configured verifier (the bot-check module makes it), or null when BOT_CHECK=none. */
  verifier: BotCheckVerifier | null;
}

/**
 * Makes the verifier available to every call marked BC; registered before any module (apiRoute
 * checks). fastify-plugin: the decorator is the root instance's.
 */
export const botCheckPlugin = fp(
  async function botCheck(app: FastifyInstance, { verifier }: BotCheckOptions): Promise<void> {
    app.decorate('botCheck', verifier);
  },
  { name: 'bot-check', fastify: '5.x' },
);

/**
 * Runs the bot check of a marked call. Off: passes. On: a required check needs a
 * token that the verifier accepts; an optional one (the passkey offer) checks a
 * token only when one is sent.
 */
export async function passesBotCheck(request: FastifyRequest, check: BotCheck): Promise<boolean> {
  const verifier = request.server.botCheck;
  if (verifier === null) return true;
  const header = request.headers[BOT_CHECK_HEADER.toLowerCase()];
  const token = typeof header === 'string' ? header.trim() : '';
  if (token === '') {
    if (!check.required) return true;
    request.log.info({ botCheck: verifier.kind, action: check.action }, 'bot check refused: no token');
    return false;
  }
  if (token.length > MAX_TOKEN_LENGTH) {
    request.log.info({ botCheck: verifier.kind, action: check.action }, 'bot check refused: token too long');
    return false;
  }
  const outcome = await verifier.verify(token, check.action, request);
  if (!outcome.passed)
    request.log.info({ botCheck: verifier.kind, action: check.action, why: outcome.why }, 'bot check refused');
  return outcome.passed;
}
