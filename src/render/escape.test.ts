import { describe, expect, it } from "vitest";
import { escapeHtml, html, jsonForScript, trusted } from "./escape.js";

describe("html", () => {
  it("escapes every interpolated value, in text and in attributes", () => {
    const payload = `<img src=x onerror="alert(1)"> & 'quote'`;
    expect(html`<td title="${payload}">${payload}</td>`.value).toBe(
      '<td title="&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quote&#39;">&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;quote&#39;</td>',
    );
  });

  it("passes nested html and trusted markup through, joins arrays and drops empty values", () => {
    const inner = html`<b>${"<i>"}</b>`;
    expect(html`<p>${inner}${[html`<br>`, "a<b"]}${null}${undefined}${false}${0}</p>`.value).toBe(
      "<p><b>&lt;i&gt;</b><br>a&lt;b0</p>",
    );
    expect(html`${trusted("<style>a>b{}</style>")}`.value).toBe("<style>a>b{}</style>");
  });

  it("escapes the five characters that matter", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("jsonForScript", () => {
  it("cannot end or alter the script block, and parses back to the same value", () => {
    const value = {
      output: "</script><script>window.__pwned=1</script><!-- & \u2028\u2029",
      nested: ["<", ">", "&"],
    };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(text).toContain("\\u2028\\u2029");
    expect(JSON.parse(text)).toEqual(value);
  });
});
