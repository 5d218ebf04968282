import { CompiledQuery, createQueryId } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * `db` with every statement it sends recorded, compiled as the database receives it (SQL and
 * parameters), in order: for tests that ask the database about the statements the code really runs.
 */
export function recordStatements(db: Db): { db: Db; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const recording = db.withPlugin({
    transformQuery: ({ node }) => {
      statements.push(db.getExecutor().compileQuery(node, createQueryId()));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return { db: recording, statements };
}

/** SQLite's plan of a recorded statement (`EXPLAIN QUERY PLAN`), one line per step. */
export async function sqlitePlan(db: Db, statement: CompiledQuery): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]),
  );
  return plan.rows.map((row) => row.detail);
}
