/**
 * What the T2S model sees: the store's schema as the tool description states it (tables, columns, types, what
 * each means), the values of its categorical columns as the store holds them, the calendar, the input tables of
 * earlier steps, and the rules (one read-only query in a ```sql block). The step's prompt is the user turn.
 */
import { DEFAULT_TOOL_DESCRIPTIONS, type ToolDescriptions } from "../../plans/tool-descriptions.js";
import { calendarText } from "../../workspace/calendar.js";
import type { Engine, InputTable } from "../../workspace/engines/engine.js";
import type { ChatMessage } from "./ask.js";
import { formatNumber } from "./output.js";

/** Marks the T2S system prompt (the scripted test model recognises its tool by it). */
export const T2S_ROLE = "You write SQL for the contact center's analytics store.";

/** Categorical columns whose values the model is shown, as table.column. */
const CATEGORICAL = [
  "interactions.channel",
  "interactions.direction",
  "interactions.team",
  "interactions.site",
  "interactions.line_of_business",
  "interactions.queue",
  "interactions.language",
  "interactions.customer_segment",
  "call_drivers.call_driver",
  "moments.moment",
  "qa_dimension_scores.dimension",
  "qa_checks.check_name",
  "qa_evaluations.evaluated_by",
] as const;

const MAX_VALUES = 60;

export type CategoricalValues = ReadonlyMap<string, readonly string[]>;

const cache = new WeakMap<Engine, Promise<CategoricalValues>>();

/** The distinct values of each categorical column, read once per engine. */
export function categoricalValues(engine: Engine): Promise<CategoricalValues> {
  let values = cache.get(engine);
  if (!values) {
    values = (async () => {
      const found = new Map<string, string[]>();
      for (const qualified of CATEGORICAL) {
        const [table, column] = qualified.split(".") as [string, string];
        const outcome = await engine.query(
          `SELECT DISTINCT ${column} FROM ${table} WHERE ${column} IS NOT NULL ORDER BY 1 LIMIT ${MAX_VALUES + 1}`,
          [],
          { timeoutMs: 20_000, rowCap: MAX_VALUES + 1 },
        );
        if (outcome.ok && outcome.rows.length <= MAX_VALUES)
          found.set(
            qualified,
            outcome.rows.map((row) => String(row[0])),
          );
      }
      return found;
    })();
    cache.set(engine, values);
  }
  return values;
}

const CONVENTIONS = [
  "A moment row exists only when the moment happened: no hold row means no hold (0 seconds on hold), no escalation row means not escalated.",
  "Every interaction has exactly one sentiment row (value positive, neutral or negative), one issue resolved row and one follow-up required row (value yes or no).",
  "A call's interaction_id is its call_id. Durations and waits are in seconds. A share or rate is a fraction from 0 to 1.",
  "An interaction is about a call driver when call_drivers holds a row for it, primary or not.",
];

function schemaText(tools: ToolDescriptions, values: CategoricalValues): string {
  const tables = tools.tools?.T2S.tables ?? [];
  return tables
    .map((table) => {
      const columns = table.columns.map((c) => {
        const known = values.get(`${table.name}.${c.name}`);
        const shown = known ? ` Values: ${known.join(", ")}.` : "";
        return `  - ${c.name} (${c.type}): ${c.description}${shown}`;
      });
      return `${table.name}: ${table.description}\n${columns.join("\n")}`;
    })
    .join("\n");
}

function sample(value: unknown): string {
  return typeof value === "number" ? formatNumber(value) : String(value);
}

/** How input tables are announced: name, columns, row count and the first rows. */
export function inputTablesText(inputs: readonly InputTable[]): string {
  if (inputs.length === 0) return "There are no input tables: this step starts from the whole store.";
  const lines = inputs.map((input) => {
    const first = input.rows
      .slice(0, 3)
      .map((row) => `(${row.map(sample).join(", ")})`)
      .join(", ");
    return `- ${input.name}(${input.columns.join(", ")}): ${input.rows.length} rows${first ? `, first ${first}` : ""}`;
  });
  return [
    'Input tables (the rows of earlier steps; the prompt\'s "these calls", "these agents" are their rows):',
    ...lines,
  ].join("\n");
}

export function t2sMessages(options: {
  engine: Engine;
  values: CategoricalValues;
  inputs: readonly InputTable[];
  prompt: string;
  tools?: ToolDescriptions;
}): ChatMessage[] {
  const tools = options.tools ?? DEFAULT_TOOL_DESCRIPTIONS;
  const system = [
    `${T2S_ROLE} The engine is ${options.engine.dialect}.`,
    calendarText(),
    "Tables:",
    schemaText(tools, options.values),
    "Conventions:",
    ...CONVENTIONS.map((c) => `- ${c}`),
    inputTablesText(options.inputs),
    "Rules: write exactly one read-only query (SELECT, or WITH … SELECT). No DDL, no DML, no SET, PRAGMA, COPY, ATTACH or file functions: they are refused. Name the columns of the result clearly. Reply with the query in one ```sql block and nothing else.",
  ].join("\n\n");
  return [
    { role: "system", content: system },
    { role: "user", content: options.prompt },
  ];
}

/** The repair turn after a query failed: the model's reply, then the error. */
export function repairMessages(first: readonly ChatMessage[], reply: string, error: string): ChatMessage[] {
  return [
    ...first,
    { role: "assistant", content: reply },
    {
      role: "user",
      content: `That query failed: ${error}\nReply with one corrected query in a \`\`\`sql block.`,
    },
  ];
}

/** The SQL in a model's reply: the first ```sql block, else the first ``` block, else the whole text. */
export function sqlOfReply(text: string): string {
  const fenced = /```(?:sql|postgresql|duckdb)?[ \t]*\n([\s\S]*?)```/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}
