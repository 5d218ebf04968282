import { readFileSync } from 'node:fs';
import { ConfigError, loadConfig, type Config } from './config/config.ts';
import { ListenError, startServer } from './start.ts';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

function readConfig(): Config {
  try {
    return loadConfig(process.env, version);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await startServer(config).catch((error: unknown) => {
  if (!(error instanceof ListenError)) throw error;
  console.error(error.message);
  process.exit(1);
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing');
    // Finish the requests under way, then close the database; force the exit if that hangs.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
console.log(`Gatehouse is running at ${config.publicOrigin}/ (sign-in: ${config.publicOrigin}/signin/)`);
