import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiConfig } from '../config.ts';
import { DATA_CLOSE, DATA_OPEN } from '../modules/ai/prompt.ts';

/**
 * A fake OpenAI-compatible server (`POST /v1/chat/completions`) on a real socket, so tests drive
 * the real AI SDK provider code over HTTP. Each test scripts the next answers; without a script
 * it answers well, scoring every option and criterion it finds in the prompt's data block.
 */
export type FakeAiReply =
  | { kind: 'good' }
  /** The assistant message content is this object as JSON. */
  | { kind: 'json'; content: unknown }
  /** The assistant message content as given (e.g. malformed JSON). */
  | { kind: 'text'; content: string }
  /** An HTTP error from the provider. */
  | { kind: 'status'; status: number; body?: unknown }
  /** Waits before answering with `then` (past the app's timeout, the app gives up first). */
  | { kind: 'slow'; delayMs: number; then: FakeAiReply };

export interface RecordedAiRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format?: { type: string; json_schema?: { schema: unknown; name?: string } };
  [key: string]: unknown;
}

export interface FakeAiServer {
  /** Base URL for AI_BASE_URL, e.g. http://127.0.0.1:1234/v1 */
  baseUrl: string;
  port: number;
  requests: RecordedAiRequest[];
  /** Queues replies for the next calls, in order. */
  script(...replies: FakeAiReply[]): void;
  reset(): void;
  close(): Promise<void>;
}

interface PromptData {
  options: { index: number; name: string }[];
  criteria: { index: number; name: string }[];
}

/** The decision the app sent, read back from the delimited data block of the last user message. */
export function promptDataOf(request: RecordedAiRequest): PromptData {
  const user = [...request.messages].reverse().find((message) => message.role === 'user');
  const text = typeof user?.content === 'string' ? user.content : '';
  const start = text.indexOf(DATA_OPEN);
  const end = text.indexOf(DATA_CLOSE);
  if (start < 0 || end < start) return { options: [], criteria: [] };
  return JSON.parse(text.slice(start + DATA_OPEN.length, end)) as PromptData;
}

/** A complete, well-formed answer: value 1 + (option + criterion) mod 10, with a reason per cell. */
export function goodAnswerFor(data: PromptData) {
  return {
    recommendations: data.options.map((option) => ({
      option_index: option.index,
      bewertungen: data.criteria.map((criterion) => ({
        criterion_index: criterion.index,
        value: 1 + ((option.index + criterion.index) % 10),
        explanation: `${option.name} fits ${criterion.name} reasonably well.`,
      })),
    })),
  };
}

/**
 * Suggestions (issue 18): two new options and two new criteria, plus one option that repeats an
 * existing one in other case (which the app must drop).
 */
export function goodSuggestionsFor(data: { options?: string[]; criteria?: string[] }) {
  const repeated = data.options?.[0];
  return {
    options: [
      ...(repeated ? [{ name: ` ${repeated.toUpperCase()} `, reason: 'Already on your list.' }] : []),
      { name: 'Suggested option one', reason: 'A common choice in this situation.' },
      { name: 'Suggested option two', reason: 'Cheaper than most alternatives.' },
    ],
    criteria: [
      { name: 'Suggested criterion one', importance: 30, reason: 'People regret ignoring it later.' },
      { name: 'Suggested criterion two', importance: 20, reason: 'It separates the options well.' },
    ],
  };
}

/** The good answer for what the request asks: scores, or suggestions (named by the structured output). */
function goodAnswerOf(request: RecordedAiRequest) {
  if (request.response_format?.json_schema?.name === 'suggestions') {
    return goodSuggestionsFor(
      promptDataOf(request) as unknown as { options?: string[]; criteria?: string[] },
    );
  }
  return goodAnswerFor(promptDataOf(request));
}

function completion(model: string, content: string) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeAiServer(
  options: { port?: number; host?: string } = {},
): Promise<FakeAiServer> {
  const queue: FakeAiReply[] = [];
  const requests: RecordedAiRequest[] = [];

  async function send(response: http.ServerResponse, request: RecordedAiRequest, reply: FakeAiReply) {
    if (response.destroyed) return;
    switch (reply.kind) {
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
        return send(response, request, reply.then);
      case 'status':
        response.writeHead(reply.status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply.body ?? { error: { message: `fake error ${reply.status}` } }));
        return;
      case 'good':
      case 'json':
      case 'text': {
        const content =
          reply.kind === 'text'
            ? reply.content
            : JSON.stringify(reply.kind === 'json' ? reply.content : goodAnswerOf(request));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(completion(request.model, content)));
      }
    }
  }

  const server = http.createServer((incoming, response) => {
    if (incoming.method === 'GET' && (incoming.url === '/health' || incoming.url === '/v1/models')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: 'ok', data: [{ id: 'fake' }] }));
      return;
    }
    // Lets a test in another process (e2e) script the next replies: POST /__script with a JSON array.
    if (incoming.method === 'POST' && incoming.url === '/__script') {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        queue.push(...(JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeAiReply[]));
        response.writeHead(204).end();
      });
      return;
    }
    if (incoming.method !== 'POST' || incoming.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RecordedAiRequest;
      requests.push(request);
      void send(response, request, queue.shift() ?? { kind: 'good' });
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    script(...replies) {
      queue.push(...replies);
    },
    reset() {
      queue.length = 0;
      requests.length = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The app's AI settings pointing at `fake`, with limits high enough not to matter unless overridden. */
export function fakeAiConfig(
  fake: Pick<FakeAiServer, 'baseUrl'>,
  overrides: Partial<AiConfig> = {},
): AiConfig {
  return {
    provider: { provider: 'openai-compatible', model: 'fake', baseUrl: fake.baseUrl, apiKey: 'test-key' },
    timeoutMs: 5000,
    ratePerMinute: 1000,
    dailyLimit: 1000,
    dailyBudget: 100_000,
    ...overrides,
  };
}
