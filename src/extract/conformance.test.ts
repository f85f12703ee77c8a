// Conformance: tool-call text shapes from public parser test suites (issue 9), raw text → expected calls.
// Each row names where its shape comes from; rows written from the spec say so.
import { describe, expect, it } from "vitest";
import type { Call } from "../tools/types.js";
import { extractCalls } from "./index.js";

interface Row {
  shape: string;
  raw: string;
  calls: Call[];
  malformed?: boolean;
}

const HERMES_TRIGGER = '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>';
const QWEN_DALLAS =
  "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>";
const DALLAS: Call = {
  name: "get_current_weather",
  arguments: { city: "Dallas", state: "TX", unit: "fahrenheit" },
};

const ROWS: Row[] = [
  // vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py (0eb73d6a), test_..._tool_call_between_tags
  {
    shape: "Hermes JSON between tags",
    raw: HERMES_TRIGGER,
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  // Reasoning whose <think> was in the prompt: vllm-project/vllm tests/reasoning/test_deepseekr1_reasoning_parser.py
  // (04dbd8f3, SIMPLE_REASONING "This is a reasoning section</think>…") followed by the Hermes body above.
  {
    shape: "Hermes after a reasoning block lacking its opening tag",
    raw: `This is a reasoning section</think>\n\n${HERMES_TRIGGER}`,
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  // vllm-project/vllm tests/reasoning/test_qwen3_tool_call_recovery.py (50e9a157): "</think>" then a Qwen3 block.
  {
    shape: "Qwen3 XML after a closed reasoning block",
    raw: "<think>verify result</think>\n<tool_call>\n<function=Finish>\n<parameter=answer>\n204\n</parameter>\n</function>\n</tool_call>",
    calls: [{ name: "Finish", arguments: { answer: 204 } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py, test_..._tool_call_until_eos
  {
    shape: "Hermes truncated before </tool_call>",
    raw: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}',
    calls: [{ name: "final_answer", arguments: { trigger: true } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py, test_..._serialized_arguments (Granite 4)
  {
    shape: "Hermes with arguments serialised as a string",
    raw: '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
    calls: [{ name: "get_db_config", arguments: { param: "max_connections" } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py, test_..._multiple_tool_calls_with_stream_interval
  {
    shape: "Hermes, several calls in one reply",
    raw: '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call><tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
    calls: [
      { name: "search", arguments: { q: "cats" } },
      { name: "search", arguments: { q: "dogs" } },
    ],
  },
  // vllm-project/vllm tests/tool_parsers/test_hermes_tool_parser.py, test_..._tool_call_invalid_json
  {
    shape: "Hermes with a missing closing brace",
    raw: '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
    calls: [],
    malformed: true,
  },
  // NousResearch/Hermes-Function-Calling README.md: the model's reply in Python-dict quoting.
  {
    shape: "Python-dict quoting inside <tool_call>",
    raw: "<tool_call>\n{'arguments': {'symbol': 'TSLA'}, 'name': 'get_current_stock_price'}\n</tool_call><|im_end|>",
    calls: [{ name: "get_current_stock_price", arguments: { symbol: "TSLA" } }],
  },
  // Issue 9's example, written from the spec: Python literals in a bare dict.
  {
    shape: "Python-dict quoting, bare",
    raw: "{'name': 'x', 'arguments': {'a': True}}",
    calls: [{ name: "x", arguments: { a: true } }],
  },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py (0054011d), single_tool
  { shape: "Qwen3-Coder XML", raw: QWEN_DALLAS, calls: [DALLAS] },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py, test_extract_tool_calls_type_conversion
  {
    shape: "Qwen3-Coder XML with typed values",
    raw: '<tool_call>\n<function=test_types>\n<parameter=int_param>\n42\n</parameter>\n<parameter=float_param>\n3.14\n</parameter>\n<parameter=bool_param>\ntrue\n</parameter>\n<parameter=str_param>\nhello world\n</parameter>\n<parameter=obj_param>\n{"key": "value"}\n</parameter>\n</function>\n</tool_call>',
    calls: [
      {
        name: "test_types",
        arguments: {
          int_param: 42,
          float_param: 3.14,
          bool_param: true,
          str_param: "hello world",
          obj_param: { key: "value" },
        },
      },
    ],
  },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py, single_tool_multiline_param
  {
    shape: "Qwen3-Coder XML with a multi-line JSON value",
    raw: '<tool_call>\n<function=calculate_area>\n<parameter=shape>\nrectangle\n</parameter>\n<parameter=dimensions>\n{"width": 10, \n "height": 20}\n</parameter>\n<parameter=precision>\n2\n</parameter>\n</function>\n</tool_call>',
    calls: [
      {
        name: "calculate_area",
        arguments: { shape: "rectangle", dimensions: { width: 10, height: 20 }, precision: 2 },
      },
    ],
  },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py, single_tool_with_content + parallel_tools
  {
    shape: "Qwen3-Coder XML after prose, several calls",
    raw: `Sure! Let me check the weather for you.${QWEN_DALLAS}\n${QWEN_DALLAS.replace("Dallas", "Orlando").replace("TX", "FL")}`,
    calls: [
      DALLAS,
      { name: "get_current_weather", arguments: { city: "Orlando", state: "FL", unit: "fahrenheit" } },
    ],
  },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py, test_extract_tool_calls_fallback_no_tags
  {
    shape: "Qwen3-Coder function block without <tool_call>",
    raw: "<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n</parameter>\n</function>",
    calls: [{ name: "get_current_weather", arguments: { city: "Dallas", state: "TX" } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py (1e499e36), test_extract_tool_calls_simple
  {
    shape: "Llama-3 {name, parameters} in prose",
    raw: 'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
    calls: [{ name: "getOpenIncidentsTool", arguments: {} }],
  },
  // vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py, test_extract_tool_calls_multiple_json
  {
    shape: "Llama-3, several calls separated by ';'",
    raw: '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; {"name": "searchTool", "parameters": {"query": "test2"}}',
    calls: [
      { name: "searchTool", arguments: { query: "test1" } },
      { name: "getOpenIncidentsTool", arguments: {} },
      { name: "searchTool", arguments: { query: "test2" } },
    ],
  },
  // vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py, test_extract_tool_calls_with_quotes_and_brackets_in_string
  {
    shape: "Llama-3 with brackets inside strings",
    raw: '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
    calls: [
      {
        name: "searchTool",
        arguments: { query: "test {value} [complex]", nested: { inner: "more {brackets}" } },
      },
    ],
  },
  // vllm-project/vllm tests/tool_parsers/test_llama3_json_tool_parser.py, test_extract_tool_calls_invalid_json
  {
    shape: "Llama-3 with invalid JSON",
    raw: '{"name": "invalidTool", "parameters": {invalid json}',
    calls: [],
    malformed: true,
  },
  // Written from the spec (no parser test found): a fenced call in prose, then a leaked Llama-3 template tail.
  {
    shape: "JSON fenced in prose with a leaked chat-template tail",
    raw: 'Sure, checking.\n```json\n{"name": "get_weather", "arguments": {"city": "Berlin"}}\n```<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n{"name": "get_weather", "arguments": {"city": "Paris"}}',
    calls: [{ name: "get_weather", arguments: { city: "Berlin" } }],
  },
  // Written from the spec (no parser test found): DeepSeek's end-of-thinking marker before the call.
  {
    shape: "DeepSeek ｜end▁of▁thinking｜ marker",
    raw: 'The user wants Berlin weather; call get_weather with {"city": "Munich"}? No, Berlin.<｜end▁of▁thinking｜>{"name": "get_weather", "arguments": {"city": "Berlin"}}',
    calls: [{ name: "get_weather", arguments: { city: "Berlin" } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_deepseekv3_tool_parser.py (0f17ee06), single_tool_call_output
  {
    shape: "DeepSeek-V3 special-token call",
    raw: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"city": "Tokyo", "unit": "celsius"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: "get_weather", arguments: { city: "Tokyo", unit: "celsius" } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py (100fe7e0), test_extract_tool_calls_with_tool
  {
    shape: "DeepSeek-V3.1 special-token call",
    raw: 'normal text<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    calls: [{ name: "foo", arguments: { x: 1 } }],
  },
  // vllm-project/vllm tests/tool_parsers/test_deepseekv31_tool_parser.py, test_extract_tool_calls_unparsable_block
  {
    shape: "DeepSeek-V3.1 block without call markers",
    raw: '<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>',
    calls: [],
    malformed: true,
  },
  // Written from the spec (§3.1 "OpenAI tool_calls shape"; the Chat Completions message format).
  {
    shape: "OpenAI tool_calls with string arguments",
    raw: '{"tool_calls":[{"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Berlin\\"}"}}]}',
    calls: [{ name: "get_weather", arguments: { city: "Berlin" } }],
  },
  // NVIDIA/When2Call data/test/when2call_test_llm_judge.jsonl: a tool_call reply, dotted name as written.
  {
    shape: "When2Call tool_call reply",
    raw: '{"name": "weather.get_weather_data", "arguments": {"city": "London", "country": "GB"}}',
    calls: [{ name: "weather.get_weather_data", arguments: { city: "London", country: "GB" } }],
  },
  // vllm-project/vllm tests/tool_use/test_qwen3coder_tool_parser.py, test_extract_tool_calls_no_tools
  { shape: "no call", raw: "This is a test response without any tool calls", calls: [] },
];

describe("conformance with public tool-call shapes", () => {
  it.each(ROWS)("$shape", ({ raw, calls, malformed }) => {
    const result = extractCalls(raw);
    expect(result.calls).toEqual(calls);
    expect(result.malformed).toBe(malformed ?? false);
  });
});
