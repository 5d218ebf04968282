// Creates `count` accounts `<prefix>-<i>@example.test` (prefix `bench` unless given) with one
// password on the database of DATABASE_URL, in one process (the operator CLI would start once per
// account). For the timing benchmark (bench/timing.mjs): known addresses that are real, active
// accounts; for the reset-password view of the page benchmark (bench/pages.mjs): one per round.
import { openAccounts } from '../apps/server/src/cli/admin-commands.ts';

const count = Number(process.argv[2] ?? '50');
const password = process.argv[3] ?? 'Bench-Password-1';
const prefix = process.argv[4] ?? 'bench';
const { accounts, db } = await openAccounts();
try {
  for (let i = 0; i < count; i++)
    await accounts.create({ email: `${prefix}-${i}@example.test`, password, language: 'en' });
} finally {
  await db.destroy();
}
console.log(`seeded ${count} accounts`);
