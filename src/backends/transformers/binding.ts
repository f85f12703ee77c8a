/**
 * The slice of @huggingface/transformers 4.3.2 the transformers backend uses, typed here so tsc passes without the
 * package (it is optional) and without its own declarations, which need skipLibCheck under strict settings.
 */
import { importOptional } from "../optional-package.js";

export const TRANSFORMERS_VERSION = "4.3.2";

export const INSTALL_HINT =
  "the transformers backend needs the optional package @huggingface/transformers: run " +
  `\`ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers@${TRANSFORMERS_VERSION}\` ` +
  "(or `npm run install:transformers` in a checkout)";

/** transformers.js's tensor: int64 ids arrive as bigint. */
export interface HfTensor {
  readonly dims: readonly number[];
  tolist(): unknown[];
}

export interface ValueMetadata {
  readonly name: string;
  readonly isTensor: boolean;
  readonly type?: string;
  readonly shape?: readonly (number | string)[];
}

/** The onnxruntime-node session transformers.js wraps. */
export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  readonly inputMetadata: readonly ValueMetadata[];
  readonly outputMetadata: readonly ValueMetadata[];
}

export interface CausalLm {
  readonly sessions: Record<string, OrtSession>;
  generate(options: Record<string, unknown>): Promise<HfTensor>;
  dispose(): Promise<unknown>;
}

export interface Tokenizer {
  padding_side: "left" | "right";
  pad_token_id: number | null | undefined;
  readonly eos_token: string | null;
  readonly chat_template: unknown;
  readonly all_special_ids: readonly number[];
  (
    texts: string[],
    options: { padding: boolean; add_special_tokens: boolean },
  ): {
    input_ids: HfTensor;
    attention_mask: HfTensor;
  };
  encode(text: string, options: { add_special_tokens: boolean }): number[];
  decode(ids: readonly number[], options: { skip_special_tokens: boolean }): string;
  convert_tokens_to_ids(token: string): number | null | undefined;
  apply_chat_template(
    messages: readonly { role: string; content: string }[],
    options: Record<string, unknown> & { tokenize: false },
  ): string;
}

export interface PretrainedOptions {
  local_files_only: boolean;
  cache_dir?: string;
  revision?: string;
}

export interface TransformersModule {
  readonly env: {
    readonly version: string;
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    localModelPath: string;
    cacheDir: string | null;
    useFSCache: boolean;
    remoteHost: string;
    logLevel: number;
    readonly backends: { readonly onnx: { readonly versions?: Record<string, string> } };
  };
  readonly LogLevel: { readonly ERROR: number };
  readonly AutoTokenizer: {
    from_pretrained(model: string, options: PretrainedOptions): Promise<Tokenizer>;
  };
  readonly AutoModelForCausalLM: {
    from_pretrained(
      model: string,
      options: PretrainedOptions & {
        dtype: "fp32";
        device: "cpu";
        session_options?: Record<string, unknown>;
      },
    ): Promise<CausalLm>;
  };
}

/** Imports transformers.js on demand; a missing package is the user's to install, so it says how. */
export function importTransformers(): Promise<TransformersModule> {
  return importOptional<TransformersModule>("@huggingface/transformers", INSTALL_HINT);
}
