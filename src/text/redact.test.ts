import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  holdSecret,
  holdUrlCredentials,
  MIN_SECRET_LENGTH,
  REDACTED,
  redact,
  redactSecrets,
  redactSecretsIn,
  redactUrl,
} from "./redact.js";

describe("the secret redactor", () => {
  it("removes a held key wherever it appears, however often", () => {
    holdSecret("sk-unit-4a5b6c7d8e");
    expect(redactSecrets("Authorization: Bearer sk-unit-4a5b6c7d8e")).toBe("Authorization: Bearer ***");
    expect(redactSecrets("sk-unit-4a5b6c7d8e,sk-unit-4a5b6c7d8e")).toBe("***,***");
    expect(redactSecrets("no secret here")).toBe("no secret here");
  });

  it("removes the CR/LF variants of a key read from a file with Windows line ends, and their JSON escapes", () => {
    holdSecret("sk-crlf-0011223344\r\n");
    for (const text of [
      "Bearer sk-crlf-0011223344",
      "Bearer sk-crlf-0011223344\r",
      JSON.stringify({ echo: "sk-crlf-0011223344\r\n" }),
      "key=sk-crlf-0011223344%0D%0A",
    ])
      expect(redactSecrets(text)).not.toContain("sk-crlf-0011223344");
  });

  it("removes each line of a key that spans lines", () => {
    holdSecret("first-line-secret\nsecond-line-secret");
    expect(redactSecrets("a first-line-secret b second-line-secret")).toBe("a *** b ***");
  });

  it("leaves fragments too short to be a secret (they would blank ordinary words)", () => {
    holdSecret("abc");
    expect(redactSecrets("abc abcdef")).toBe("abc abcdef");
    expect(MIN_SECRET_LENGTH).toBeGreaterThan(3);
  });

  it("removes a URL's credentials: in the URL, the password alone, and the Basic header built from them", () => {
    holdUrlCredentials("http://alice:p%40ss-w0rd-xyz@127.0.0.1:8000/v1");
    const basic = Buffer.from("alice:p@ss-w0rd-xyz").toString("base64");
    expect(redactSecrets(`Authorization: Basic ${basic}`)).toBe(`Authorization: Basic ${REDACTED}`);
    expect(redactSecrets("password p@ss-w0rd-xyz")).toBe("password ***");
    expect(redactSecrets("http://alice:p%40ss-w0rd-xyz@127.0.0.1:8000/v1")).toBe(
      "http://***@127.0.0.1:8000/v1",
    );
  });

  it("takes the userinfo out of any URL for the terminal, and keeps the URL parseable", () => {
    expect(redactUrl("http://bob:hunter2@example.test/v1")).toBe("http://***@example.test/v1");
    expect(new URL(redactUrl("http://bob:hunter2@example.test/v1")).host).toBe("example.test");
    expect(redact("cannot reach https://u:p@h:1/x (ECONNREFUSED)")).toBe(
      "cannot reach https://***@h:1/x (ECONNREFUSED)",
    );
    expect(redactUrl("mail bob@example.test, see http://example.test/a@b")).toBe(
      "mail bob@example.test, see http://example.test/a@b",
    );
  });

  it("copies a record with every string redacted, numbers and nulls untouched", () => {
    holdSecret("sk-record-99887766");
    const record = {
      id: "x",
      error: "echo sk-record-99887766",
      n: 3,
      nested: [{ v: "sk-record-99887766" }],
      z: null,
    };
    expect(redactSecretsIn(record)).toEqual({
      id: "x",
      error: "echo ***",
      n: 3,
      nested: [{ v: "***" }],
      z: null,
    });
    expect(record.error).toBe("echo sk-record-99887766");
  });

  it("never lets a held key through, whatever text surrounds it (property)", () => {
    const key = "sk-prop-Zx81Qw72Er63";
    holdSecret(key);
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.nat(3), (before, after, times) => {
        const text = `${before}${`${key}${after}`.repeat(times + 1)}`;
        expect(redactSecrets(text)).not.toContain(key);
        expect(redact(text)).not.toContain(key);
      }),
      { seed: 24, numRuns: 500 },
    );
  });

  it("changes nothing in text that holds no secret (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (text) => {
        fc.pre(!text.includes("sk-") && !text.includes("***") && !text.includes("@"));
        expect(redact(text)).toBe(text);
      }),
      { seed: 24, numRuns: 500 },
    );
  });
});
