import './heap-tuning.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      // Stop accepting connections, let in-flight requests finish, close the database.
      const forceExit = setTimeout(() => process.exit(1), 10_000);
      forceExit.unref();
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  // One address in the log, the one to open: Fastify's own line would name the socket
  // (http://127.0.0.1:3000), which is not PUBLIC_URL and, in production, not trusted.
  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: () => `Basha is running at ${config.publicUrl}`,
  });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Basha failed to start:', error);
  }
  process.exit(1);
});
