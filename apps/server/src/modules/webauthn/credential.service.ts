import type { Db } from '../../db/database.ts';
import type { CredentialRepository } from './credential.repository.ts';

/** A passkey of an account, as its owner and the helpdesk see it (never the key itself). */
export interface PasskeySummary {
  /** The credential id (base64url), as the authenticator knows it. */
  id: string;
  /** The owner's name for it; null until given (docs/decisions/0114-security-page.md). */
  name: string | null;
  /** Synced to the person's other devices (a multi-device passkey), or bound to one authenticator. */
  synced: boolean;
  createdAt: number;
  lastUsedAt: number | null;
}

/** An account's passkeys as records: listed and removed (the ceremonies are PasskeyService's). */
export class CredentialService {
  constructor(private readonly credentials: CredentialRepository) {}

  async listForUser(userId: string): Promise<PasskeySummary[]> {
    const rows = await this.credentials.listForUser(userId);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      synced: row.device_type === 'multiDevice',
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
    }));
  }

  /** Gives one passkey of the account a name (already checked by the caller); false when the account has no such passkey. */
  rename(userId: string, credentialId: string, name: string): Promise<boolean> {
    return this.credentials.rename(userId, credentialId, name);
  }

  /** The passkey stops signing in at once (its next use is refused); false when the account has no such passkey. */
  remove(userId: string, credentialId: string): Promise<boolean> {
    return this.credentials.deleteForUser(userId, credentialId);
  }

  /**
   * Every passkey of the account stops signing in at once (securing the account,
   * docs/decisions/0115-wasnt-you-mail.md); `db`: the caller's transaction. Answers how many.
   */
  removeAll(userId: string, db?: Db): Promise<number> {
    return (db ? this.credentials.within(db) : this.credentials).deleteAllForUser(userId);
  }
}
