import { compiledLookup, toCount, type CompiledLookup, type Db } from '../../db/database.ts';
import type { UsersTable } from '../../db/schema.ts';

export type UserRow = UsersTable;

export class UserRepository {
  /** Every signed-in call reads its account: compiled once. */
  private readonly byId: CompiledLookup<UserRow>;

  /** `lookup`: the compiled lookup of the repository this one is made from (`within`). */
  constructor(
    private readonly db: Db,
    lookup?: CompiledLookup<UserRow>,
  ) {
    this.byId = lookup?.on(db) ?? compiledLookup(db, (id) => db.selectFrom('users').selectAll().where('id', '=', id));
  }

  /** The same repository on another executor (a transaction); the lookup is not compiled again. */
  within(db: Db): UserRepository {
    return new UserRepository(db, this.byId);
  }

  findByEmail(normalizedEmail: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normalizedEmail).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.byId(id);
  }

  async insert(row: UserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async setPasswordHash(id: string, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Returns false when no account has this e-mail. */
  async setDisabledAt(normalizedEmail: string, disabledAt: number | null, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ disabled_at: disabledAt, updated_at: now })
      .where('email', '=', normalizedEmail)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Blocks the account after its PIN attempts ran out (kept if it was blocked already). */
  async block(id: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ blocked_at: now, updated_at: now })
      .where('id', '=', id)
      .where('blocked_at', 'is', null)
      .execute();
  }

  /** Clears the block and the wrong-PIN count together; false when no account has this e-mail. */
  async unblock(normalizedEmail: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('email', '=', normalizedEmail).executeTakeFirst();
      if (!user) return false;
      await trx.updateTable('users').set({ blocked_at: null, updated_at: now }).where('id', '=', user.id).execute();
      await trx.deleteFrom('pin_attempts').where('user_id', '=', user.id).execute();
      return true;
    });
  }

  /**
   * A password set through an e-mailed link (reset or invitation): the link proved the
   * e-mail, so it is marked verified; a block and the wrong-PIN count are lifted with it.
   */
  async setPasswordFromLink(id: string, passwordHash: string, now: number): Promise<void> {
    const write = async (trx: Db) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, email_verified: 1, blocked_at: null, updated_at: now })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('pin_attempts').where('user_id', '=', id).execute();
    };
    // Part of the caller's transaction when there is one (the reset: token, password, sessions together).
    if (this.db.isTransaction) await write(this.db);
    else await this.db.transaction().execute(write);
  }

  /** Deletes the account; its PINs, devices, tokens and passkeys go with it (foreign keys cascade). */
  async deleteByEmail(normalizedEmail: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('email', '=', normalizedEmail).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toCount(row.n as string | number);
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('email').execute();
  }
}
