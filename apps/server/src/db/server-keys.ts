import { randomBytes } from 'node:crypto';
import type { Db } from './database.ts';

/**
 * A secret key the server makes for itself on first use and keeps in the database, so that every
 * process sharing the database uses the same one (docs/decisions/0163-passkey-sign-in-challenges.md).
 * The first process to need it inserts it; a concurrent insert loses quietly and reads the winner's.
 */
export class ServerKeys {
  private readonly loaded = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  get(name: string): Promise<Buffer> {
    let key = this.loaded.get(name);
    if (!key) {
      key = this.load(name);
      // A failed load (database down) is tried again next time, not cached.
      key.catch(() => this.loaded.delete(name));
      this.loaded.set(name, key);
    }
    return key;
  }

  private async load(name: string): Promise<Buffer> {
    await this.db
      .insertInto('server_keys')
      .values({ name, value: randomBytes(32).toString('base64url'), created_at: this.now() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_keys')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  }
}
