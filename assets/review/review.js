// The review workbench's only script: keyboard handling, label collection and posting, the lineage diff and live
// score. Plain ES2020, served from this origin (the CSP allows nothing else). Data never reaches innerHTML or any
// other markup parser: text is set with textContent, elements are made with createElement.

(() => {
  const body = document.body;
  const $ = (id) => document.getElementById(id);
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? "";
  const token = meta("review-token");
  const fixedAnnotator = meta("review-annotator") || null;
  const STORAGE = "tooluse-review-annotator";

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function say(text, kind) {
    const status = $("status");
    status.textContent = text;
    status.className = kind ?? "";
  }

  // ---- who is labelling ----
  const annotatorInput = $("annotator");
  if (annotatorInput) {
    annotatorInput.value = localStorage.getItem(STORAGE) ?? "";
    annotatorInput.addEventListener("change", () => {
      localStorage.setItem(STORAGE, annotatorInput.value.trim());
      if (form) prefill();
    });
  }
  const annotator = () => fixedAnnotator ?? annotatorInput?.value.trim() ?? "";

  /** Links that depend on whose labels count carry the name when the server was started without one. */
  function withAnnotator(path) {
    if (fixedAnnotator || !annotator()) return path;
    const url = new URL(path, location.origin);
    url.searchParams.set("annotator", annotator());
    return url.pathname + url.search;
  }

  // ---- help overlay ----
  const help = $("help");
  const toggleHelp = (show) => {
    help.hidden = show === undefined ? !help.hidden : !show;
  };
  help.addEventListener("click", () => toggleHelp(false));

  // ---- panels hidden until asked (the evaluator's view, every revision) ----
  function toggle(button) {
    const panel = $(button.dataset.toggle);
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
    const label = button.lastChild;
    if (label && label.nodeType === Node.TEXT_NODE)
      label.textContent = label.textContent.replace(/^ (show|hide) /, panel.hidden ? " show " : " hide ");
  }
  for (const button of document.querySelectorAll("[data-toggle]"))
    button.addEventListener("click", () => toggle(button));

  // ---- fields ----
  const form = $("label-form");
  const fields = form ? Array.from(form.querySelectorAll(".field")) : [];
  let current = -1;
  const inputOf = (field) => field.querySelector("input, textarea");
  const pressed = (button) => button.getAttribute("aria-pressed") === "true";
  const press = (button, on) => button.setAttribute("aria-pressed", String(on));

  function markCurrent() {
    for (const [i, field] of fields.entries()) field.classList.toggle("current", i === current);
  }

  function setCurrent(index, focusInput) {
    if (fields.length === 0) return;
    current = Math.max(0, Math.min(fields.length - 1, index));
    markCurrent();
    const field = fields[current];
    field.scrollIntoView({ block: "nearest" });
    const input = inputOf(field);
    if (input && (focusInput || field.dataset.type === "number")) input.focus();
    else if (document.activeElement instanceof HTMLElement && form.contains(document.activeElement))
      document.activeElement.blur();
  }
  const fieldNamed = (name) => fields.findIndex((field) => field.dataset.name === name);

  function pick(field, button) {
    const options = Array.from(field.querySelectorAll(".opt"));
    field.classList.remove("invalid");
    if (field.dataset.type === "multi") {
      const on = !pressed(button);
      if (on)
        for (const other of options)
          if (other !== button && (button.dataset.exclusive || other.dataset.exclusive)) press(other, false);
      press(button, on);
      return;
    }
    for (const option of options) press(option, option === button);
    // A value never moves the focus on by itself: with `j` also moving, "3 j 2 j 1" would skip a field. Only an
    // option that opens a text to type (a dispute's reason) goes there.
    const then = button.dataset.then;
    if (then && fieldNamed(then) !== -1) setCurrent(fieldNamed(then), true);
  }

  fields.forEach((field, index) => {
    for (const button of field.querySelectorAll(".opt"))
      button.addEventListener("click", () => {
        current = index;
        pick(field, button);
      });
    field.addEventListener("focusin", () => {
      current = index;
      markCurrent();
    });
  });

  function fieldValue(field) {
    const type = field.dataset.type;
    const cast = (text) => (field.dataset.valueType === "number" ? Number(text) : text);
    if (type === "choice") {
      const on = Array.from(field.querySelectorAll(".opt")).find(pressed);
      return on ? cast(on.dataset.value) : undefined;
    }
    if (type === "multi") {
      const on = Array.from(field.querySelectorAll(".opt")).filter(pressed);
      return on.length > 0 ? on.map((o) => cast(o.dataset.value)) : undefined;
    }
    const text = inputOf(field).value;
    if (type === "number") return text.trim() === "" ? undefined : Number(text);
    return text.trim() === "" ? undefined : text;
  }

  function setValue(field, value) {
    const type = field.dataset.type;
    if (type === "choice" || type === "multi") {
      const wanted = (Array.isArray(value) ? value : [value]).map(String);
      for (const option of field.querySelectorAll(".opt"))
        press(option, wanted.includes(option.dataset.value));
    } else if (value !== undefined && value !== null) {
      inputOf(field).value = typeof value === "string" ? value : JSON.stringify(value, null, 2);
    }
  }

  const getPath = (object, path) =>
    path.split(".").reduce((o, key) => (o == null ? undefined : o[key]), object);
  function setPath(object, path, value) {
    const keys = path.split(".");
    let node = object;
    for (const key of keys.slice(0, -1)) {
      if (typeof node[key] !== "object" || node[key] === null) node[key] = {};
      node = node[key];
    }
    node[keys[keys.length - 1]] = value;
  }

  // ---- per kind: from fields to the label the API takes, and back ----
  const editorField = fields.find((field) => field.dataset.name === "plan");
  const editor = editorField ? inputOf(editorField) : null;
  const diffBox = $("diff");

  const KINDS = {
    lineage: {
      out(label) {
        const note = label.note;
        const edited = editor.value.trim() !== diffBox.dataset.original.trim();
        return edited
          ? { action: "edit", plan: editor.value, ...(note ? { note } : {}) }
          : { action: "accept", ...(note ? { note } : {}) };
      },
      in(label) {
        if (label.action === "edit" && label.plan !== undefined)
          editor.value = typeof label.plan === "string" ? label.plan : JSON.stringify(label.plan, null, 2);
        return { note: label.note };
      },
    },
    answers: {
      out(label) {
        const chosen = label.decision ?? [];
        const special = chosen.find((d) => d === "All" || d === "Neither");
        const decision = special ?? chosen.join(",");
        return { ...label, decision: decision || undefined };
      },
      in(label) {
        const decision = typeof label.decision === "string" ? label.decision : "";
        return { ...label, decision: /^(All|Neither)$/.test(decision) ? [decision] : decision.split(",") };
      },
    },
  };
  const kind = KINDS[body.dataset.kind] ?? { out: (label) => label, in: (label) => label };

  function collect() {
    const label = {};
    for (const field of fields) {
      const value = fieldValue(field);
      if (value !== undefined) setPath(label, field.dataset.name, value);
    }
    return kind.out(label);
  }

  /**
   * The annotator's own earlier labels of this task: the page carries them for the name it was served for (and no
   * one else's: annotators are kept blind to each other); for another name typed in the page, the API is asked.
   */
  async function ownLabels(who) {
    const data = JSON.parse($("task-data").textContent);
    if (data.annotator === who) return data.labels;
    const url = `/api/tasks/${body.dataset.id}?annotator=${encodeURIComponent(who)}`;
    try {
      const response = await fetch(url, { headers: { Accept: "application/json" } });
      // A name the API refuses is reported when the label is submitted.
      return response.ok ? (await response.json()).labels_list : [];
    } catch (failure) {
      say(`your earlier label could not be fetched: ${failure.message}`, "error");
      return [];
    }
  }

  /** Whose label fills the form now (null: nobody's), so a change of name never leaves another's label shown. */
  let shownFor = null;

  function clearForm() {
    for (const field of fields) {
      field.classList.remove("invalid");
      if (field === editorField) continue;
      if (field.dataset.type === "choice" || field.dataset.type === "multi")
        for (const option of field.querySelectorAll(".opt")) press(option, false);
      else inputOf(field).value = "";
    }
    if (editor && diffBox && editor.value !== diffBox.dataset.original) {
      editor.value = diffBox.dataset.original;
      editor.dispatchEvent(new Event("input"));
    }
  }

  /** Shows the annotator's latest label for this task, so a revisit starts where they left off. */
  async function prefill() {
    const who = annotator();
    if (shownFor !== null && shownFor !== who) {
      clearForm();
      shownFor = null;
      say("");
    }
    if (!who) return;
    const mine = await ownLabels(who);
    const latest = mine[mine.length - 1];
    if (!latest || annotator() !== who) return;
    const shown = kind.in(latest.label);
    for (const field of fields) {
      if (field === editorField) continue;
      const value = getPath(shown, field.dataset.name);
      if (value !== undefined) setValue(field, value);
    }
    // The lineage editor was filled by kind.in: its diff and score follow.
    if (editor && diffBox) editor.dispatchEvent(new Event("input"));
    shownFor = who;
    say(`showing your label of ${body.dataset.kind} task ${body.dataset.id}; submit again to replace it`);
  }

  // ---- submitting ----
  let busy = false;
  async function submit() {
    if (!form || busy) return;
    const error = $("form-error");
    error.textContent = "";
    for (const field of fields) field.classList.remove("invalid");
    if (!annotator()) {
      error.textContent = "Type your name in the annotator box first.";
      annotatorInput?.focus();
      return;
    }
    const label = collect();
    if (!fixedAnnotator) label.annotator = annotator();
    busy = true;
    try {
      const response = await fetch(`/api/tasks/${body.dataset.id}/labels`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Review-Token": token },
        body: JSON.stringify(label),
      });
      if (response.status === 201) {
        say("saved", "ok");
        location.assign(withAnnotator(`/tasks/${body.dataset.id}/next-open`));
        return;
      }
      const problem = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
      error.textContent = problem.field ? `${problem.field}: ${problem.error}` : problem.error;
      if (problem.field === "annotator") annotatorInput?.focus();
      const index = fields.findIndex(
        (f) =>
          problem.field === f.dataset.name ||
          problem.field?.startsWith(`${f.dataset.name}.`) ||
          f.dataset.name.startsWith(`${problem.field}.`),
      );
      if (index !== -1) {
        fields[index].classList.add("invalid");
        setCurrent(index, false);
      }
    } catch (failure) {
      error.textContent = `not saved: ${failure.message}`;
    } finally {
      busy = false;
    }
  }
  form?.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });

  // ---- lineage: diff to the previous revision and the live score ----
  /** Line diff by longest common subsequence: plans are a few dozen lines at most. */
  function lineDiff(before, after) {
    const a = before === "" ? [] : before.split("\n");
    const b = after === "" ? [] : after.split("\n");
    const n = a.length;
    const m = b.length;
    const lcs = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
    for (let i = n - 1; i >= 0; i--)
      for (let j = m - 1; j >= 0; j--)
        lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    const out = [];
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[i] === b[j]) {
        out.push([" ", a[i]]);
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) out.push(["-", a[i++]]);
      else out.push(["+", b[j++]]);
    }
    return out;
  }

  function renderDiff() {
    const rows = lineDiff(diffBox.dataset.before, editor.value).map(([sign, text]) => {
      const row = el("div", `line ${sign === "+" ? "add" : sign === "-" ? "del" : "same"}`);
      row.append(el("span", "sign", sign), el("span", "text", text));
      return row;
    });
    if (diffBox.dataset.before === "")
      rows.unshift(el("p", "sub", "no previous revision: every line is new"));
    diffBox.replaceChildren(...rows);
  }

  const number = (value) =>
    value === null || value === undefined ? "–" : String(Math.round(value * 100) / 100);
  let scoreTimer = null;
  let scoreRequest = 0;
  async function renderScore() {
    const box = $("score");
    const request = ++scoreRequest;
    try {
      const response = await fetch(`/api/tasks/${body.dataset.id}/preview-score`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Review-Token": token },
        body: JSON.stringify({ plan: editor.value }),
      });
      const score = await response.json();
      if (request !== scoreRequest) return;
      if (response.status !== 200) {
        box.replaceChildren(el("p", "error", score.error));
        return;
      }
      const head = el("p", "headline");
      head.append(
        el("strong", null, score.rating),
        ` · F1 ${number(score.f1)} · ${number(score.subtotal)} of ${score.subtotal_max} deterministic points`,
      );
      const table = el("table", "grid");
      for (const [metric, value] of Object.entries(score.metrics ?? {})) {
        if (value === null) continue;
        const row = el("tr");
        row.append(el("th", null, metric), el("td", "num", number(value)));
        table.append(row);
      }
      const problems = el("ul", "problems");
      for (const p of score.problems ?? [])
        problems.append(
          el("li", null, `${p.step === null ? "plan" : `step ${p.step}`}: ${p.code}: ${p.message}`),
        );
      const parts = [head, table];
      if (score.best_plan_problem)
        parts.push(el("p", "error", `plan build would refuse it: ${score.best_plan_problem}`));
      if (problems.childElementCount > 0) parts.push(problems);
      else parts.push(el("p", "sub", "no violations"));
      box.replaceChildren(...parts);
    } catch (failure) {
      if (request === scoreRequest) box.replaceChildren(el("p", "error", `no score: ${failure.message}`));
    }
  }

  if (editor && diffBox) {
    editor.addEventListener("input", () => {
      renderDiff();
      clearTimeout(scoreTimer);
      scoreTimer = setTimeout(renderScore, 250);
    });
  }

  // ---- the keyboard ----
  const editable = (target) =>
    target instanceof HTMLElement && (target.matches("input, textarea, select") || target.isContentEditable);

  function onEditingKey(event) {
    const target = event.target;
    if (event.key === "Escape") {
      event.preventDefault();
      target.blur();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      target.blur();
      submit();
    } else if (event.key === "Enter" && target.tagName === "INPUT") {
      event.preventDefault();
      if (target === annotatorInput) target.blur();
      else if (current < fields.length - 1) setCurrent(current + 1, false);
      else target.blur();
    }
  }

  function go(path) {
    if (path) location.assign(withAnnotator(path));
  }

  document.addEventListener("keydown", (event) => {
    if (editable(event.target)) return onEditingKey(event);
    if (event.altKey || ((event.ctrlKey || event.metaKey) && event.key !== "Enter")) return;
    const key = event.key;
    if (key === "?") {
      event.preventDefault();
      return toggleHelp();
    }
    if (!help.hidden) {
      if (key === "Escape") toggleHelp(false);
      return;
    }
    const field = fields[current];
    const option = field
      ? Array.from(field.querySelectorAll(".opt")).find((o) => o.dataset.key === key)
      : null;
    const toggler = document.querySelector(`[data-toggle][data-key="${CSS.escape(key)}"]`);
    const start = document.querySelector(`a.start[data-key="${CSS.escape(key)}"]`);
    let handled = true;
    if (option) pick(field, option);
    else if (toggler) toggle(toggler);
    else if (start) go(start.getAttribute("href"));
    else if (key === "Enter" && form && !(event.target instanceof HTMLButtonElement)) submit();
    else if (key === "j" || key === "ArrowDown") setCurrent(current + 1, false);
    else if (key === "k" || key === "ArrowUp") setCurrent(current - 1, false);
    else if (key === "]" || key === "ArrowRight") go(body.dataset.next && `/tasks/${body.dataset.next}`);
    else if (key === "[" || key === "ArrowLeft") go(body.dataset.prev && `/tasks/${body.dataset.prev}`);
    else if (key === "i") go("/");
    else if (key === "e" && editor) setCurrent(fields.indexOf(editorField), true);
    else if (key === "a" && editor) {
      if (editor.value.trim() === diffBox.dataset.original.trim()) submit();
      else $("form-error").textContent = "You edited the plan: Enter submits the edit, u undoes it.";
    } else if (key === "u" && editor) {
      editor.value = diffBox.dataset.original;
      editor.dispatchEvent(new Event("input"));
    } else if (field?.dataset.type === "number" && /^[0-9.]$/.test(key)) {
      const input = inputOf(field);
      input.focus();
      input.value += key;
    } else handled = false;
    if (handled) event.preventDefault();
  });

  // ---- start ----
  if (form) {
    prefill();
    setCurrent(0, false);
    if (editor && diffBox) {
      renderDiff();
      renderScore();
    }
  }
  const finished = new URLSearchParams(location.search).get("finished");
  if (finished) say(`every ${finished} task is done`, "ok");
})();
