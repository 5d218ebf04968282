import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * Records the statements a database receives (`createDatabase`'s `onStatement`), compiled as the
 * database receives them (SQL and parameters), in order, between `start` and the call of the
 * function it returns: for tests that ask the database about the statements the code really runs,
 * the compiled lookups of every signed-in call among them.
 */
export function statementRecorder(): {
  onStatement: (statement: CompiledQuery) => void;
  /** Records from now on; the function returned stops and answers what was recorded. */
  start(): () => CompiledQuery[];
} {
  let recording: CompiledQuery[] | undefined;
  return {
    onStatement: (statement) => recording?.push(statement),
    start() {
      const statements: CompiledQuery[] = [];
      recording = statements;
      return () => {
        if (recording === statements) recording = undefined;
        return statements;
      };
    },
  };
}

/** SQLite's plan of a recorded statement (`EXPLAIN QUERY PLAN`), one line per step. */
export async function sqlitePlan(db: Db, statement: CompiledQuery): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  );
  return plan.rows.map((row) => row.detail);
}
