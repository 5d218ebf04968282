import type { FastifyReply } from 'fastify';
import { DEFAULT_PAGE, safeRedirect, type RedirectPolicy } from '@gatehouse/contract';
import type { Config } from '../config/config.ts';

/**
 * Every redirect the server builds goes through the contract's `safeRedirect`, the one rule the
 * app uses too (docs/decisions/0004-redirect-safety.md): a `Location` header, and the links in
 * mails (mail/mail-template.ts).
 */
export function redirectPolicy(config: Pick<Config, 'publicOrigin' | 'redirectAllowlist'>): RedirectPolicy {
  return { appOrigin: config.publicOrigin, allowlist: config.redirectAllowlist };
}

/**
 * Answers with a redirect to `target` after `safeRedirect` has judged it; a target it refuses
 * becomes `fallback` (itself judged), else the default page. Never stored (`no-store`): where a
 * redirect leads depends on the configured origin and allow-list, which an operator may change, and
 * a 301 without it would be kept by browsers for good.
 */
export function sendSafeRedirect(
  reply: FastifyReply,
  policy: RedirectPolicy,
  target: string,
  code: 301 | 302 | 303,
  fallback: string = DEFAULT_PAGE,
) {
  const safe = safeRedirect(target, policy);
  const location = safe === DEFAULT_PAGE && target !== DEFAULT_PAGE ? safeRedirect(fallback, policy) : safe;
  return reply.header('cache-control', 'no-store').redirect(location, code);
}
