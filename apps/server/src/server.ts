// First: the garbage-collector setting must be in place before the server's modules allocate anything.
import './gc-tuning.ts';
import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { SchemaError } from './db/migrate.ts';
import { mailNotice } from './mail/create-mailer.ts';
import { drain, ListenError, startServer } from './start.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * The exit code of a refusal to start (a bad setting, a schema this release cannot serve, a port
 * that cannot be bound): sysexits' EX_CONFIG. Restarting would only fail again, so the systemd unit
 * does not (`RestartPreventExitStatus=78`); a crash (exit 1) is restarted (docs/deploy.md).
 */
const REFUSED_TO_START = 78;

function readConfig(): Config {
  try {
    return loadConfig(process.env, version);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(REFUSED_TO_START);
    }
    throw error;
  }
}

const config = readConfig();
const app = await startServer(config).catch((error: unknown) => {
  if (!(error instanceof ListenError || error instanceof SchemaError)) throw error;
  console.error(error.message);
  process.exit(REFUSED_TO_START);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(
      { event: 'shutdown', signal, timeoutMs: config.shutdownTimeoutMs },
      'draining: no new requests, finishing the ones under way',
    );
    void drain(app, config.shutdownTimeoutMs).then(
      (inTime) => {
        if (inTime) {
          app.log.info({ event: 'shutdown' }, 'closed: requests finished, database closed');
          // Nothing is left open: the process ends by itself with 0 (a handle still open would show as a hang in the tests).
        } else {
          app.log.error(
            { event: 'shutdown', timeoutMs: config.shutdownTimeoutMs },
            'requests still running at the shutdown time-out were cut',
          );
          process.exit(1);
        }
      },
      (error: unknown) => {
        app.log.error({ event: 'shutdown', err: error }, 'closing failed');
        process.exit(1);
      },
    );
  });
}
console.log(`Gatehouse is running at ${config.publicOrigin}/ (sign-in: ${config.publicOrigin}/signin/)`);
const notice = mailNotice(config);
if (notice) console.log(notice);
