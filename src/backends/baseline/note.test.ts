import { describe, expect, it } from "vitest";
import { noteRule } from "./note.js";

const match = (text: string) => noteRule.match(text, []);

describe("noteRule", () => {
  it.each([
    ['Save a note: "buy milk"', { text: "buy milk" }],
    ["Take a note: call the dentist on Monday", { text: "call the dentist on Monday" }],
    ["Note that the meeting moved to 3pm", { text: "the meeting moved to 3pm" }],
    ['Save a note titled "Groceries": "milk, eggs"', { text: "milk, eggs", title: "Groceries" }],
    ['jot down "call mum" as a note, title it "Sunday"', { text: "call mum", title: "Sunday" }],
    ['Запиши заметку: "купить хлеб"', { text: "купить хлеб" }],
    ["Сохрани заметку: «позвонить маме»", { text: "позвонить маме" }],
    ["Запомни, что пароль от wifi на холодильнике", { text: "пароль от wifi на холодильнике" }],
  ])("%s", (text, args) => {
    expect(match(text)).toEqual({ name: "save_note", arguments: args });
  });

  it("asks what to write when the note has no body", () => {
    expect(match("Save a note.")).toBe("clarify");
    expect(match("Сохрани заметку")).toBe("clarify");
    expect(match("Сохрани это в заметки, пожалуйста.")).toBe("clarify");
    expect(match("Save this as a note, please")).toBe("clarify");
  });

  it("does not treat a mention of a note as a request to save one", () => {
    expect(match("Start a timer for the time in that note")).toBeNull();
    expect(match("What notes does a piano have?")).toBeNull();
    // «Запиши меня к врачу» signs up for an appointment.
    expect(match("Запиши меня к стоматологу на четверг")).toBeNull();
  });
});
