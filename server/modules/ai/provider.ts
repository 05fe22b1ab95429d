import type { LanguageModel } from 'ai';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { AiProviderConfig } from '../../config.ts';
import type { z } from 'zod';
import type { Prompt } from './prompt.ts';

/** The answer did not parse or did not match the schema: worth one more try. */
export class MalformedAnswerError extends Error {}

/** The structured answer a call asks for: its zod schema (sent as JSON schema) and a name. */
export interface AnswerShape<T> {
  schema: z.ZodType<T>;
  name: string;
}

export interface AiModelClient {
  /** Asks the model once; throws AppError (timeout, upstream) or MalformedAnswerError. */
  generate<T>(prompt: Prompt, shape: AnswerShape<T>): Promise<T>;
}

/** The provider package is loaded on first use, so a server without AI never loads it. */
async function loadModel(config: AiProviderConfig): Promise<LanguageModel> {
  switch (config.provider) {
    case 'openai': {
      const { createOpenAI } = await import('@ai-sdk/openai');
      return createOpenAI({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl })(config.model);
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return createOpenAICompatible({
        name: 'openai-compatible',
        // Checked at start: openai-compatible always has a base URL.
        baseURL: config.baseUrl ?? '',
        apiKey: config.apiKey,
        // Sends the JSON schema as response_format json_schema (Ollama, vLLM, llama.cpp, LM Studio).
        supportsStructuredOutputs: true,
      }).chatModel(config.model);
    }
  }
}

export function createAiModelClient(
  config: AiProviderConfig,
  options: { timeoutMs: number; log: FastifyBaseLogger },
): AiModelClient {
  let model: Promise<LanguageModel> | undefined;

  return {
    async generate<T>(prompt: Prompt, shape: AnswerShape<T>): Promise<T> {
      const ai = await import('ai');
      model ??= loadModel(config);
      const signal = AbortSignal.timeout(options.timeoutMs);
      try {
        const result = await ai.generateText({
          model: await model,
          system: prompt.system,
          prompt: prompt.prompt,
          output: ai.Output.object({ schema: shape.schema, name: shape.name }),
          // Our own single retry on malformed output; upstream failures are reported, not hammered.
          maxRetries: 0,
          abortSignal: signal,
        });
        return result.output as T;
      } catch (error) {
        if (signal.aborted) throw new AppError('AI_TIMEOUT');
        if (
          ai.NoObjectGeneratedError.isInstance(error) ||
          ai.NoOutputGeneratedError.isInstance(error) ||
          ai.JSONParseError.isInstance(error) ||
          ai.TypeValidationError.isInstance(error) ||
          ai.InvalidResponseDataError.isInstance(error)
        ) {
          options.log.warn({ err: error }, 'AI answer was malformed');
          throw new MalformedAnswerError('malformed AI answer', { cause: error });
        }
        const upstream = ai.RetryError.isInstance(error) ? error.lastError : error;
        if (ai.APICallError.isInstance(upstream)) {
          // The log gets status and URL path only; request bodies and headers may hold the key.
          options.log.warn(
            { statusCode: upstream.statusCode, provider: config.provider, model: config.model },
            'AI provider call failed',
          );
          if (upstream.statusCode === 429) throw new AppError('AI_UPSTREAM_RATE_LIMITED');
          throw new AppError('AI_UPSTREAM_FAILED');
        }
        if (ai.LoadAPIKeyError.isInstance(upstream)) throw new AppError('AI_NOT_CONFIGURED');
        options.log.warn({ err: upstream }, 'AI call failed');
        throw new AppError('AI_UPSTREAM_FAILED');
      }
    },
  };
}
