// The fake OpenAI-compatible AI server for e2e (started by playwright.config.ts on E2E_PORT + 10).
import { startFakeAiServer } from '../../server/test/fake-ai.ts';

const port = Number(process.env.FAKE_AI_PORT ?? 4110);
const server = await startFakeAiServer({ port });
console.log(`fake AI server on ${server.baseUrl}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => void server.close().then(() => process.exit(0)));
}
