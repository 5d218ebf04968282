import type { Config } from '../config/config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Outbox } from '../outbox/outbox.ts';
import type { PasswordHasher } from '../plugins/password-hasher.ts';

/**
 * What app.ts gives every module when it registers it (`app.register(xModule, context)`): the
 * process's shared parts, never another module's service. A module reaches another module's
 * service through the decorator that module declares (docs/decisions/0165-server-module-form.md).
 */
export interface ModuleContext {
  config: Config;
  /** The open, migrated database (repositories are built on it by their own module). */
  db: Db;
  /** The clock for every expiry (milliseconds since the epoch); tests move it. */
  now: () => number;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** Work done after answering (mails); a module registers its jobs' handlers on it. */
  outbox: Outbox;
}
