/** The slice of node-llama-cpp 3.21.1 the llama backend uses, typed here so the project compiles without the package. */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { UserError } from "../../errors.js";

export const NODE_LLAMA_CPP_VERSION = "3.21.1";

export const INSTALL_HINT =
  `the llama backend needs the optional package node-llama-cpp: run \`npm install node-llama-cpp@${NODE_LLAMA_CPP_VERSION}\`` +
  " (or `node scripts/install-optional.mjs` in a checkout)";

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
  createContext(options: { sequences: number; contextSize: { max: number }; threads: number }): Promise<LlamaContext>;
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

function isMissing(error: unknown, specifier: string): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : "";
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && message.includes(`'${specifier}'`);
}

/** Imports node-llama-cpp on demand; a missing package is the user's to install, so it says how. */
export async function importNodeLlamaCpp(): Promise<NodeLlamaCpp> {
  // A variable specifier keeps tsc from looking for the package's types, which are absent in a default install.
  const specifier = "node-llama-cpp";
  try {
    return (await import(specifier)) as NodeLlamaCpp;
  } catch (error) {
    if (isMissing(error, specifier)) throw new UserError(INSTALL_HINT);
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(`node-llama-cpp is installed but does not load (${reason}); ${INSTALL_HINT}`);
  }
}

/**
 * Compiles a chat template with @huggingface/jinja, resolved from node-llama-cpp's own dependencies: the package pins
 * it, and templates then render exactly as in transformers' `apply_chat_template`, which vLLM and SGLang use too.
 */
export async function compileChatTemplate(source: string): Promise<JinjaTemplate> {
  const require = createRequire(import.meta.url);
  const fromNodeLlamaCpp = createRequire(require.resolve("node-llama-cpp"));
  const jinja = (await import(pathToFileURL(fromNodeLlamaCpp.resolve("@huggingface/jinja")).href)) as {
    Template: new (source: string) => JinjaTemplate;
  };
  return new jinja.Template(source);
}
