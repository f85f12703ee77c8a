import { extractCalls, wilsonInterval } from "tooluse";

const { calls } = extractCalls(
  '<tool_call>{"name": "calculator", "arguments": {"expression": "2+2"}}</tool_call>',
);
console.log(calls[0]?.name, calls[0]?.arguments);
console.log(wilsonInterval(45, 50));
