/** Turns chat messages into prompt tokens with the checkpoint's own chat template, as `apply_chat_template` would. */
import { UserError } from "../../errors.js";
import type { ChatMessage, ModelRequest } from "../types.js";
import { importJinjaTemplate, type JinjaTemplate, type LlamaModel, type Token } from "./binding.js";

export const NATIVE_UNSUPPORTED =
  "the llama backend renders text prompts only: the native protocol (tools and tool_calls) is not supported; " +
  "use --protocol json, xml or plain";

/** A checkpoint's prompt renderer: template plus tokenizer. */
export interface Prompter {
  tokens(request: ModelRequest): Token[];
}

function plainMessages(messages: readonly ChatMessage[]): { role: string; content: string }[] {
  return messages.map((message) => {
    if (message.role === "tool" || message.content === null || "tool_calls" in message) {
      throw new UserError(NATIVE_UNSUPPORTED);
    }
    return { role: message.role, content: message.content };
  });
}

/** Compiles the template the GGUF carries; a checkpoint without one, or with one that fails to parse, is refused. */
export async function createPrompter(model: LlamaModel, modelPath: string): Promise<Prompter> {
  const source = model.fileInfo.metadata.tokenizer?.chat_template;
  if (!source) {
    throw new UserError(
      `--model ${modelPath}: the GGUF has no tokenizer.chat_template, so its chat format is unknown`,
    );
  }
  const Template = await importJinjaTemplate();
  let template: JinjaTemplate;
  try {
    template = new Template(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UserError(`--model ${modelPath}: its chat template does not parse: ${reason}`);
  }
  const bos = model.tokens.bos;
  return {
    tokens(request) {
      if (request.tools) throw new UserError(NATIVE_UNSUPPORTED);
      const { enable_thinking } = request.settings;
      const context = {
        messages: plainMessages(request.messages),
        add_generation_prompt: true,
        bos_token: model.tokens.bosString ?? "",
        eos_token: model.tokens.eosString ?? "",
        ...(enable_thinking === null ? {} : { enable_thinking }),
      };
      let text: string;
      try {
        text = template.render(context);
      } catch (error) {
        // e.g. `raise_exception("System role not supported")`: this record errors, it is not scored.
        throw new Error(
          `the chat template rejected the messages: ${error instanceof Error ? error.message : error}`,
        );
      }
      // Special tokens in the rendered text are parsed as such, as the template writes BOS and role markers.
      const tokens = model.tokenize(text, true);
      // Templates that write BOS themselves must not get a second one (llama.cpp's server does the same).
      if (bos !== null && model.tokens.shouldPrependBosToken && tokens[0] !== bos) tokens.unshift(bos);
      return tokens;
    },
  };
}
