/** The slice of node-llama-cpp 3.21.1 the llama backend uses, typed here so tsc passes without the package. */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { UserError } from "../../errors.js";
import { importOptional } from "../optional-package.js";

export const NODE_LLAMA_CPP_VERSION = "3.21.1";

export const INSTALL_HINT =
  "the llama backend needs the optional package node-llama-cpp: " +
  `run \`npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION}\` (or \`node scripts/install-optional.mjs\` in a checkout)`;

export type Token = number;

export type LogLevel = "disabled" | "fatal" | "error" | "warn" | "info" | "log" | "debug";

export interface LlamaRuntime {
  loadModel(options: { modelPath: string }): Promise<LlamaModel>;
}

export interface LlamaModel {
  readonly tokens: {
    readonly bos: Token | null;
    readonly eos: Token | null;
    readonly eot: Token | null;
    readonly bosString: string | null;
    readonly eosString: string | null;
    readonly shouldPrependBosToken: boolean;
  };
  readonly fileInfo: { readonly metadata: { readonly tokenizer?: { readonly chat_template?: string } } };
  readonly trainContextSize: number;
  tokenize(text: string, specialTokens: boolean): Token[];
  detokenize(tokens: readonly Token[], specialTokens: boolean, lastTokens?: readonly Token[]): string;
  isEogToken(token: Token): boolean;
  iterateAllTokens(): Iterable<Token>;
  createContext(options: {
    sequences: number;
    contextSize: { max: number };
    threads: number;
  }): Promise<LlamaContext>;
  dispose(): Promise<void>;
}

export interface LlamaContext {
  readonly contextSize: number;
  getSequence(): LlamaSequence;
  dispose(): Promise<void>;
}

export interface LlamaSequence {
  readonly contextSize: number;
  clearHistory(): Promise<void>;
  evaluate(
    tokens: Token[],
    options: { temperature: number; seed?: number; yieldEogToken: boolean },
  ): AsyncGenerator<Token, void, void>;
}

export interface NodeLlamaCpp {
  getLlama(options: {
    gpu: "auto" | false;
    build: "never";
    maxThreads: number;
    logLevel: LogLevel;
    logger: (level: LogLevel, message: string) => void;
  }): Promise<LlamaRuntime>;
}

/** A compiled chat template (the Jinja engine node-llama-cpp itself renders templates with). */
export interface JinjaTemplate {
  render(context: Record<string, unknown>): string;
}

/** Imports node-llama-cpp on demand; a missing package is the user's to install, so it says how. */
export function importNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  return importOptional<NodeLlamaCpp>("node-llama-cpp", INSTALL_HINT);
}

export type JinjaTemplateClass = new (source: string) => JinjaTemplate;

/**
 * The Jinja engine node-llama-cpp itself renders templates with (@huggingface/jinja, one of its dependencies), resolved
 * from node-llama-cpp's location so it is not a dependency of ours. It ports the Jinja that transformers'
 * `apply_chat_template` uses, which is also how vLLM and SGLang build prompts behind the openai backend.
 */
export async function importJinjaTemplate(): Promise<JinjaTemplateClass> {
  try {
    const fromNodeLlamaCpp = createRequire(createRequire(import.meta.url).resolve("node-llama-cpp"));
    const jinja = await import(pathToFileURL(fromNodeLlamaCpp.resolve("@huggingface/jinja")).href);
    return (jinja as { Template: JinjaTemplateClass }).Template;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(`node-llama-cpp's Jinja engine does not load (${reason}); ${INSTALL_HINT}`);
  }
}
