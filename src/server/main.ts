import { loadConfig, ConfigError } from './config';
import { createApp } from './app';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await createApp(config);
  await app.listen();
  app.fastify.log.info(
    { url: config.publicUrl, database: app.database.driver, redis: Boolean(config.redisUrl) },
    'Majlis is running',
  );
  // One plain line for the person who started it, beside the JSON logs.
  console.log(`Majlis is listening on ${config.publicUrl}`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.fastify.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.fastify.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // A stray rejection inside a library is logged, not allowed to take the chat down with it.
  process.on('unhandledRejection', (reason) => app.fastify.log.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
