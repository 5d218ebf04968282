import type { Insertable, Selectable } from 'kysely';
import { compiledLookup, type CompiledLookup, type Db } from '../../db/database.ts';
import type { SessionLevel, SessionsTable, UsersTable } from '../../db/schema.ts';

export type SessionRow = Selectable<SessionsTable>;

/**
 * The account's columns read with its session, under these names (`findWithAccount`): what a signed-in
 * call's answer needs of it, no more (not the password hash: every call would carry it for nothing).
 */
const ACCOUNT_COLUMNS = {
  id: 'account_id',
  email: 'account_email',
  first_name: 'account_first_name',
  surname: 'account_surname',
  language: 'account_language',
  disabled_at: 'account_disabled_at',
} as const satisfies Partial<Record<keyof UsersTable, string>>;
/** The account as a session's lookup reads it. */
export type SessionAccount = Pick<UsersTable, keyof typeof ACCOUNT_COLUMNS>;
type AccountAlias = (typeof ACCOUNT_COLUMNS)[keyof typeof ACCOUNT_COLUMNS];
type JoinedRow = SessionRow & {
  [K in keyof SessionAccount as (typeof ACCOUNT_COLUMNS)[K]]: SessionAccount[K] | null;
};

export class SessionRepository {
  /** The session and its account in one statement: the lookup of every signed-in call. */
  private readonly byHashWithAccount: CompiledLookup<JoinedRow>;

  /** `lookup`: the compiled lookup of the repository this one is made from (`within`). */
  constructor(
    private readonly db: Db,
    lookup?: CompiledLookup<JoinedRow>,
  ) {
    this.byHashWithAccount =
      lookup?.on(db) ??
      (compiledLookup(db, (idHash) =>
        db
          .selectFrom('sessions')
          .leftJoin('users', 'users.id', 'sessions.user_id')
          .selectAll('sessions')
          .select(
            Object.entries(ACCOUNT_COLUMNS).map(
              ([column, alias]) => `users.${column} as ${alias}` as `users.${keyof SessionAccount} as ${AccountAlias}`,
            ),
          )
          .where('sessions.id_hash', '=', idHash),
      ) as CompiledLookup<JoinedRow>);
  }

  /**
   * The session and, read in the same statement, its account (undefined for a guest session or an
   * account that is gone): one database read for a signed-in call instead of two
   * (docs/decisions/0164-hot-paths-and-overload.md).
   */
  async findWithAccount(
    idHash: string,
  ): Promise<{ session: SessionRow; account: SessionAccount | undefined } | undefined> {
    const row = await this.byHashWithAccount(idHash);
    if (!row) return undefined;
    const session: SessionRow = {
      id_hash: row.id_hash,
      user_id: row.user_id,
      level: row.level,
      created_at: row.created_at,
      last_seen_at: row.last_seen_at,
      expires_at: row.expires_at,
      shared: row.shared,
      public_id: row.public_id,
      user_agent: row.user_agent,
      authenticated_at: row.authenticated_at,
    };
    if (row.account_id === null) return { session, account: undefined };
    const account: SessionAccount = {
      id: row.account_id,
      email: row.account_email as string,
      first_name: row.account_first_name as string,
      surname: row.account_surname as string,
      language: row.account_language as string,
      disabled_at: row.account_disabled_at,
    };
    return { session, account };
  }

  /** The same repository on another executor (a transaction); the lookup is not compiled again. */
  within(db: Db): SessionRepository {
    return new SessionRepository(db, this.byHashWithAccount);
  }

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async touch(idHash: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /**
   * Deletes the sessions past their absolute end or idle for `idleMs` (`sharedIdleMs` for a shared
   * computer's). Three statements, each a range of one index: as one statement with OR, SQLite
   * scanned the whole table (docs/decisions/0174-expired-rows-clean-up.md).
   */
  async deleteExpired(now: number, idleMs: number, sharedIdleMs: number): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
    await this.db
      .deleteFrom('sessions')
      .where('last_seen_at', '<=', now - idleMs)
      .execute();
    await this.db
      .deleteFrom('sessions')
      .where('last_seen_at', '<=', now - sharedIdleMs)
      .where('shared', '=', 1)
      .execute();
  }

  /** Deletes every session of the account; answers how many there were. */
  async deleteForUser(userId: string): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** A password or passkey was proven again in this session. */
  async markAuthenticated(idHash: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ authenticated_at: now }).where('id_hash', '=', idHash).execute();
  }

  /** The account's signed-in sessions that are still live, the most recently active first. */
  liveSignedInOf(userId: string, now: number, idleMs: number, sharedIdleMs: number): Promise<SessionRow[]> {
    return (
      this.db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('level', '=', 'signed_in')
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', now - idleMs)
        // A shared computer's session is idle sooner (docs/decisions/0116-shared-computer.md).
        .where((eb) => eb.or([eb('shared', '=', 0), eb('last_seen_at', '>', now - sharedIdleMs)]))
        .orderBy('last_seen_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute()
    );
  }

  /** Deletes the account's session named by its public id, unless it is `exceptIdHash`; false when there was none. */
  async deleteByPublicId(userId: string, publicId: string, exceptIdHash: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('public_id', '=', publicId)
      .where('id_hash', '<>', exceptIdHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes every session of the account but one (any level); answers how many went. */
  async deleteForUserExcept(userId: string, keptIdHash: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .where('id_hash', '<>', keptIdHash)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** For tests and diagnostics. */
  async levelOf(idHash: string): Promise<SessionLevel | undefined> {
    return (await this.findWithAccount(idHash))?.session.level;
  }
}
