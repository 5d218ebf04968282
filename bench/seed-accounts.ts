// Creates `count` accounts `bench-<i>@example.test` with one password on the database of
// DATABASE_URL, in one process (the operator CLI would start once per account). For the timing
// benchmark (bench/timing.mjs): known addresses that are real, active accounts.
import { openAccounts } from '../apps/server/src/cli/admin-commands.ts';

const count = Number(process.argv[2] ?? '50');
const password = process.argv[3] ?? 'Bench-Password-1';
const { accounts, db } = await openAccounts();
try {
  for (let i = 0; i < count; i++) await accounts.create({ email: `bench-${i}@example.test`, password, language: 'en' });
} finally {
  await db.destroy();
}
console.log(`seeded ${count} accounts`);
