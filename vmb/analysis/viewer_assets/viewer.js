"use strict";
// vmb view: every element is built with textContent; no data ever becomes HTML.
const VMB = (() => {
  const state = {index: null, details: {}, waiting: {}, shown: 200, filters: {}, search: ""};
  const FILTERS = [
    ["run", "run"], ["memory", "memory setting"], ["type", "reasoning type"], ["module", "target module"],
    ["category", "failure type"], ["stage", "stage"], ["outcome", "solved / failed"],
  ];
  const $ = (id) => document.getElementById(id);

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }
  function add(parent, ...children) { for (const c of children) if (c) parent.appendChild(c); return parent; }
  function json(value) { return JSON.stringify(value); }
  function callText(call) {
    if (!call) return "";
    if (call.args && typeof call.args === "object") {
      return call.name + "(" + Object.entries(call.args).map(([k, v]) => k + "=" + json(v)).join(", ") + ")";
    }
    return call.name + "(" + (call.arguments || "") + ")";
  }

  // ---- the index: one row per (run, query) --------------------------------------------------
  function rowObject(r) {
    const idx = state.index, run = idx.runs[r[0]], q = idx.queries[r[1]] || {};
    const outcome = r[3] !== "ok" ? "not run (error)" : (r[4] ? "solved" : "failed");
    return {run: run.name, runIndex: r[0], memory: run.memory_label, id: r[1], trial: r[2],
            key: r[2] === 1 ? r[1] : r[1] + "~" + r[2], group: q.group, type: idx.types[q.type] || q.type,
            modules: q.modules || [], module: q.modules || [], category: r[5] || "(none)", stage: r[6] || "(none)",
            outcome: outcome, text: q.text || "", answer: r[7] || "",
            haystack: (r[1] + " " + (q.text || "") + " " + (r[7] || "")).toLowerCase()};
  }
  function matches(row, skip) {
    for (const [name] of FILTERS) {
      if (name === skip) continue;
      const want = state.filters[name];
      if (!want) continue;
      const have = row[name];
      if (Array.isArray(have) ? !have.includes(want) : have !== want) return false;
    }
    return !state.search || row.haystack.includes(state.search);
  }
  function buildFilters() {
    const box = $("filters");
    box.textContent = "";
    for (const [name, label] of FILTERS) {
      const select = el("select");
      select.id = "filter-" + name;
      select.addEventListener("change", () => { state.filters[name] = select.value; state.shown = 200; refresh(); });
      add(box, add(el("label", label), select));
    }
    const search = el("input");
    search.id = "search";
    search.type = "search";
    search.placeholder = "id, query or answer text";
    let typing = null;  // recount once typing pauses, not on every keystroke
    search.addEventListener("input", () => {
      clearTimeout(typing);
      typing = setTimeout(() => { state.search = search.value.trim().toLowerCase(); state.shown = 200; refresh(); }, 120);
    });
    add(box, add(el("label", "search"), search));
  }
  function refresh() {
    const rows = state.rows;
    for (const [name] of FILTERS) {
      const select = $("filter-" + name), counts = new Map();
      for (const row of rows) {
        if (!matches(row, name)) continue;
        for (const v of [].concat(row[name])) counts.set(v, (counts.get(v) || 0) + 1);
      }
      const values = new Set([...state.values[name]]);
      const current = state.filters[name] || "";
      select.textContent = "";
      const all = el("option", "(all) " + [...counts.values()].reduce((a, b) => a + b, 0));
      all.value = "";
      add(select, all);
      for (const v of values) {
        const option = el("option", v + " (" + (counts.get(v) || 0) + ")");
        option.value = v;
        add(select, option);
      }
      select.value = current;
    }
    const chosen = rows.filter((row) => matches(row));
    $("count").textContent = chosen.length + " of " + rows.length + " (run, query) rows match";
    const body = $("table").tBodies[0];
    body.textContent = "";
    for (const row of chosen.slice(0, state.shown)) {
      const tr = el("tr", null, row.outcome === "solved" ? "good" : (row.outcome === "failed" ? "bad" : ""));
      for (const v of [row.run, row.key, row.memory, row.type, row.modules.join(", "), row.outcome,
                       row.category, row.stage, row.text]) add(tr, el("td", v));
      tr.addEventListener("click", () => openQuery([row]));
      add(body, tr);
    }
    $("more").hidden = chosen.length <= state.shown;
  }

  // ---- one query ----------------------------------------------------------------------------
  function detailFile(runIndex, group, then) {
    const key = runIndex + "_" + group;
    if (state.details[key]) { then(state.details[key]); return; }
    (state.waiting[key] = state.waiting[key] || []).push(then);
    if (state.waiting[key].length > 1) return;
    const script = document.createElement("script");
    script.src = "data/detail/r" + runIndex + "_g" + group + ".js";
    script.onerror = () => { $("detail").textContent = "could not load " + script.src; };
    document.body.appendChild(script);
  }
  function pieces(list) {
    const pre = el("pre");
    for (const piece of list || []) {
      if (piece.gap !== undefined) { add(pre, el("span", " … " + piece.gap + " characters … ", "gap")); continue; }
      let at = 0;
      for (const [a, b] of piece.m) {
        if (a > at) add(pre, document.createTextNode(piece.t.slice(at, a)));
        add(pre, el("mark", piece.t.slice(Math.max(a, at), b)));
        at = Math.max(at, b);
      }
      if (at < piece.t.length) add(pre, document.createTextNode(piece.t.slice(at)));
    }
    return pre;
  }
  function table(head, rows) {
    const t = el("table"), tr = el("tr");
    for (const h of head) add(tr, el("th", h));
    add(t, tr);
    for (const [cells, cls] of rows) {
      const row = el("tr", null, cls);
      for (const c of cells) add(row, el("td", c));
      add(t, row);
    }
    return t;
  }
  function render(d, runName) {
    const box = el("div", null, "detail");
    add(box, el("h2", d.id + " · " + d.reasoning_type + " · " + runName));
    const verdict = el("p");
    add(verdict, el("span", d.status !== "ok" ? "not run" : (d.solved ? "solved" : "failed"), "tag"));
    if (d.error_category) add(verdict, el("span", "failure type: " + d.error_category, "tag"));
    if (d.stage) add(verdict, el("span", "stage: " + d.stage, "tag"));
    add(box, verdict);
    if (d.error_detail) add(box, el("p", d.error_detail));
    if (d.stage_detail) add(box, el("p", d.stage_detail));
    if (d.error) add(box, el("p", "error: " + d.error));
    if (d.scores.length) add(box, el("p", d.scores.map(([name, v]) => name + " " + (typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : v)).join(" · ")));
    add(box, el("h3", "Query"), el("pre", d.query));
    add(box, el("h3", "Gold evidence (marked: passages stating the answer)"), pieces(d.gold));
    add(box, el("h3", "Memory the agent saw"), pieces(d.injected));
    for (const r of d.retrieved) add(box, el("p", callText(r.call) + " returned:"), pieces(r.text));
    add(box, el("h3", "Rounds"));
    d.rounds.forEach((round, n) => {
      const part = add(el("div", null, "round"), el("b", "round " + (n + 1)));
      if (round.reasoning) add(part, el("p", "reasoning:"), el("pre", round.reasoning));
      if (round.text) add(part, el("pre", round.text));
      for (const call of round.tool_calls) {
        add(part, el("p", (call.ok ? "✓ " : "✗ ") + call.kind + ": " + callText(call)
                          + (call.read_as ? " (read from text as " + call.read_as + ")" : ""), call.ok ? "good" : "bad"));
        if (call.result !== null && call.result !== undefined) add(part, el("pre", call.result));
      }
      add(box, part);
    });
    add(box, el("h3", "Final answer"), el("pre", d.final_answer === null ? "(none)" : d.final_answer));
    add(box, el("h3", "Reference calls"), el("pre", d.reference.map(callText).join("\n")));
    add(box, el("h3", "State diff, leaf by leaf"));
    add(box, d.diff.length ? table(["leaf", "default", "expected", "predicted", "verdict"],
      d.diff.map((l) => [[l.path, json(l.default), json(l.expected), json(l.predicted), l.verdict],
                         l.verdict === "right" ? "good" : "bad"])) : el("p", "No leaf should change and none changed."));
    return box;
  }
  function openQuery(rows) {
    const view = $("detail");
    view.hidden = false;
    view.textContent = "loading…";
    const pair = el("div", null, "pair");
    let pending = rows.length;
    const slots = rows.map(() => el("div"));
    rows.forEach((row, i) => {
      detailFile(row.runIndex, row.group, (entries) => {
        const d = entries[row.key];
        slots[i].textContent = "";
        add(slots[i], d ? render(d, row.run) : el("p", "no record of " + row.key + " in " + row.run));
        if (--pending === 0) {
          view.textContent = "";
          const close = el("button", "close");
          close.addEventListener("click", () => { view.hidden = true; });
          add(view, close, add(pair, ...slots));
          view.scrollIntoView();
        }
      });
    });
  }

  // ---- two runs side by side ----------------------------------------------------------------
  function compareView() {
    const idx = state.index, pick = $("compare-pick");
    pick.textContent = "";
    const selects = ["A", "B"].map((label, k) => {
      const s = el("select");
      s.id = "compare-" + label;
      idx.runs.forEach((r, i) => { const o = el("option", r.name + " (" + r.label + ", " + r.memory_label + ")"); o.value = i; add(s, o); });
      s.value = String(Math.min(k, idx.runs.length - 1));
      s.addEventListener("change", drawCompare);
      add(pick, add(el("label", "run " + label + " "), s));
      return s;
    });
    state.compare = selects;
    drawCompare();
  }
  function passRates(runIndex) {
    const out = new Map();
    for (const row of state.rows) {
      if (row.runIndex !== runIndex || row.outcome === "not run (error)") continue;
      const e = out.get(row.id) || [0, 0];
      e[0] += row.outcome === "solved" ? 1 : 0; e[1] += 1;
      out.set(row.id, e);
    }
    return out;
  }
  function drawCompare() {
    const [a, b] = state.compare.map((s) => Number(s.value));
    const body = $("compare-body");
    body.textContent = "";
    if (a === b) { add(body, el("p", "Choose two different runs.")); return; }
    const ra = passRates(a), rb = passRates(b), groups = {"only A": [], "only B": [], "both": [], "neither": []};
    for (const [id, [pa, na]] of ra) {
      if (!rb.has(id)) continue;
      const [pb, nb] = rb.get(id), sa = pa / na > 0.5, sb = pb / nb > 0.5;
      groups[sa && sb ? "both" : sa ? "only A" : sb ? "only B" : "neither"].push(id);
    }
    const key = Math.min(a, b) + "," + Math.max(a, b), result = state.index.pairs[key];
    if (result) {
      const flip = a > b, sign = flip ? -1 : 1;
      const fmt = (v) => v === null || v === undefined ? "-" : Number(v).toFixed(2);
      const p = (v) => v < 0.001 ? "< 0.001" : v.toFixed(3);
      add(body, el("p", "Paired comparison (" + result.method + "), " + result.shared + " queries scored in both:"));
      add(body, table(["", "n", "ESM A", "ESM B", "A − B", "95% interval", "only A", "only B", "p (McNemar)", ""],
        [result.overall, ...result.by_reasoning_type].map((r) => [[
          state.index.types[r.group] || r.group, r.n, fmt(flip ? r.esm_b : r.esm_a), fmt(flip ? r.esm_a : r.esm_b),
          fmt(sign * r.difference),
          r.low === null || r.low === undefined ? "n/a" : "[" + fmt(flip ? -r.high : r.low) + ", " + fmt(flip ? -r.low : r.high) + "]",
          flip ? r.only_b : r.only_a, flip ? r.only_a : r.only_b, p(r.p_value), r.significant ? "significant" : ""], ""])));
    } else {
      add(body, el("p", "These runs are over different data, or share no scored query: no paired comparison."));
    }
    const lists = el("div");
    lists.id = "compare-list";
    for (const [name, ids] of Object.entries(groups)) {
      const button = el("button", name + ": " + ids.length);
      button.id = "compare-" + name.replace(" ", "-");
      button.addEventListener("click", () => {
        lists.textContent = "";
        const rows = ids.map((id) => [[id, state.index.queries[id].text], ""]);
        const t = table(["query", "text"], rows);
        [...t.rows].slice(1).forEach((tr, i) => tr.addEventListener("click", () => {
          const find = (run) => state.rows.find((r) => r.runIndex === run && r.id === ids[i]);
          openQuery([find(a), find(b)]);
        }));
        add(lists, t);
      });
      add(body, button);
    }
    add(body, lists);
  }

  function index(data) {
    state.index = data;
    state.rows = data.rows.map(rowObject);
    state.values = {};
    for (const [name] of FILTERS) {
      const values = new Set();
      for (const row of state.rows) for (const v of [].concat(row[name])) values.add(v);
      state.values[name] = [...values].sort();
    }
    const head = $("table").tHead, tr = el("tr");
    for (const h of ["run", "query", "memory", "reasoning type", "modules", "outcome", "failure type", "stage", "query text"]) add(tr, el("th", h));
    add(head, tr);
    buildFilters();
    $("more").addEventListener("click", () => { state.shown += 500; refresh(); });
    $("tab-queries").addEventListener("click", () => tab("queries"));
    $("tab-compare").addEventListener("click", () => tab("compare"));
    refresh();
    document.body.dataset.ready = "1";
  }
  function tab(name) {
    $("queries").hidden = name !== "queries";
    $("compare").hidden = name !== "compare";
    $("tab-queries").className = name === "queries" ? "on" : "";
    $("tab-compare").className = name === "compare" ? "on" : "";
    if (name === "compare" && !state.compare) compareView();
  }
  function detail(runIndex, group, entries) {
    const key = runIndex + "_" + group;
    state.details[key] = entries;
    for (const then of state.waiting[key] || []) then(entries);
    delete state.waiting[key];
  }
  return {index, detail};
})();
