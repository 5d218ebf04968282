import type { z } from 'zod/mini';
import { HttpProblem } from './http-problem.ts';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when the value at `path` is absent from the input (the field was not sent at all). */
function isAbsent(input: unknown, path: readonly PropertyKey[]): boolean {
  let current: unknown = input;
  for (const key of path) {
    if (!isRecord(current) || !Object.hasOwn(current, key as string)) return true;
    current = current[key as string];
  }
  return current === undefined;
}

/**
 * Validates a body or query against the contract's schema.
 * Missing field → 400 missing_parameter; wrong type, extra field or no object at all → 400 invalid_parameter.
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  if (input === undefined || input === null) throw new HttpProblem(400, 'missing_parameter');
  if (!isRecord(input)) throw new HttpProblem(400, 'invalid_parameter');
  const missing = result.error.issues.every((issue) => issue.code === 'invalid_type' && isAbsent(input, issue.path));
  throw new HttpProblem(400, missing ? 'missing_parameter' : 'invalid_parameter');
}
