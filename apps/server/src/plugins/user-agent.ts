import type { FastifyRequest } from 'fastify';

/** The most of a User-Agent header kept with a session or a sign-in (the columns' size). */
export const USER_AGENT_MAX_LENGTH = 512;

/** The request's User-Agent, cut to USER_AGENT_MAX_LENGTH; null when absent or blank. */
export function userAgentOf(request: FastifyRequest): string | null {
  return keptUserAgent(request.headers['user-agent']);
}

/** A User-Agent header as kept: cut to USER_AGENT_MAX_LENGTH; null when absent or blank. */
export function keptUserAgent(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const trimmed = header.trim();
  return trimmed === '' ? null : trimmed.slice(0, USER_AGENT_MAX_LENGTH);
}
