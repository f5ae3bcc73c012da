// Highlights every shipped rule file and every checker fixture with the reference TextMate engine
// (vscode-textmate, the one VS Code runs) and the TextMate grammar `mancala.tmLanguage.json`.
//
// Every file: the grammar loads, every line is tokenised without an error, the tokenizer does not
// stop early and its tokens cover the line. The shipped rule files (`rules/`): every character
// outside comments and strings gets a scope more specific than `source.mancala` and none is
// `invalid`; the only names left plain (`variable.other.mancala`) are options and hole sets the
// file declares. And a few chosen lines get exactly the scopes they should.
//
// Run from `editors/`: `npm ci && node --test test/`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import vsctm from "vscode-textmate";
import oniguruma from "vscode-oniguruma";

const here = dirname(fileURLToPath(import.meta.url));
const editors = join(here, "..");
const repo = join(editors, "..");
const grammarPath = join(editors, "mancala.tmLanguage.json");

/** Loads the grammar through a registry backed by the Oniguruma WebAssembly build. */
async function loadGrammar() {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(join(dirname(require.resolve("vscode-oniguruma")), "onig.wasm"));
  await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (text) => new oniguruma.OnigString(text),
    }),
    loadGrammar: async (scopeName) =>
      scopeName === "source.mancala"
        ? vsctm.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath)
        : null,
  });
  const grammar = await registry.loadGrammar("source.mancala");
  assert.ok(grammar, "the grammar source.mancala loads");
  return grammar;
}

const grammar = await loadGrammar();

/** The `.mancala` files of a folder of the repository, by path. */
function mancalaFiles(folder) {
  return readdirSync(join(repo, folder))
    .filter((name) => name.endsWith(".mancala"))
    .sort()
    .map((name) => join(folder, name));
}

const shipped = mancalaFiles("rules");
const fixtures = mancalaFiles(join("tests", "fixtures", "check"));

/**
 * Tokenises a text line by line, checking that no line stops early and that each line's tokens
 * cover it end to end. Returns, per line, its text and tokens.
 */
function tokenise(text, where) {
  let state = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line, index) => {
    const result = grammar.tokenizeLine(line, state);
    const at = `${where}:${index + 1}`;
    assert.equal(result.stoppedEarly, false, `${at}: the tokenizer stopped early`);
    let end = 0;
    for (const token of result.tokens) {
      assert.equal(token.startIndex, end, `${at}: tokens leave a gap at column ${end + 1}`);
      end = token.endIndex;
    }
    assert.ok(end >= line.length, `${at}: tokens stop at column ${end + 1} of ${line.length}`);
    state = result.ruleStack;
    return { line, tokens: result.tokens };
  });
}

/** The tokens of one line as `[text, innermost scope]` pairs, spaces left out. */
function scopesOf(line) {
  const [{ tokens }] = tokenise(line, "chosen line");
  return tokens
    .map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes.at(-1)])
    .filter(([text]) => text.trim() !== "");
}

test("there are shipped rule files and fixtures to highlight", () => {
  assert.equal(shipped.length, 22);
  assert.ok(fixtures.length > 50, `only ${fixtures.length} fixtures`);
});

for (const file of [...shipped, ...fixtures]) {
  test(`${file}: every line tokenises`, () => {
    tokenise(readFileSync(join(repo, file), "utf8"), file);
  });
}

/** The names a rule file declares: option names and values, hole-set names, phase names, named conditions. */
function declaredNames(text) {
  const names = new Set();
  for (const [, name, domain] of text.matchAll(/^option\s+(\S+)\s*:([^/\n]*)/gm)) {
    names.add(name);
    for (const value of domain.split(/[|=]/)) names.add(value.trim());
  }
  for (const [, name] of text.matchAll(/^\s*set\s+(\S+)\s*=/gm)) names.add(name);
  for (const [, name] of text.matchAll(/^\s*phase\s+([A-Za-z_][A-Za-z0-9_'-]*)/gm)) names.add(name);
  for (const [, name] of text.matchAll(/^\s*condition\s+([A-Za-z_][A-Za-z0-9_'-]*)/gm)) names.add(name);
  return names;
}

for (const file of shipped) {
  test(`${file}: every word outside comments and strings has a specific scope`, () => {
    const text = readFileSync(join(repo, file), "utf8");
    const declared = declaredNames(text);
    for (const [index, { line, tokens }] of tokenise(text, file).entries()) {
      for (const token of tokens) {
        const piece = line.slice(token.startIndex, token.endIndex);
        const at = `${file}:${index + 1}: \`${piece}\``;
        const scopes = token.scopes;
        if (piece.trim() === "" || scopes.some((s) => /^(comment|string)\./.test(s))) continue;
        assert.ok(scopes.length > 1, `${at} has no scope but source.mancala`);
        assert.ok(!scopes.some((s) => s.startsWith("invalid.")), `${at} is marked invalid`);
        if (scopes.at(-1) === "variable.other.mancala") {
          assert.ok(declared.has(piece), `${at} is a plain name the file does not declare`);
        }
      }
    }
  });
}

test("a section header with a guard", () => {
  assert.deepEqual(scopesOf("rounds if rounds = match {"), [
    ["rounds", "keyword.control.section.mancala"],
    ["if", "keyword.control.conditional.mancala"],
    ["rounds", "variable.other.option.mancala"],
    ["=", "keyword.operator.comparison.mancala"],
    ["match", "constant.other.option-value.mancala"],
    ["{", "punctuation.section.block.begin.mancala"],
  ]);
});

test("a comment after a statement, and the closing brace", () => {
  assert.deepEqual(scopesOf("    skip origin                             // on every lap"), [
    ["skip origin", "keyword.other.statement.mancala"],
    ["//", "punctuation.definition.comment.mancala"],
    [" on every lap", "comment.line.double-slash.mancala"],
  ]);
  assert.deepEqual(scopesOf("}"), [["}", "punctuation.section.block.end.mancala"]]);
});

test("hole labels and a guard on a statement", () => {
  assert.deepEqual(scopesOf("    seeds 5 in a1 d21 if south_start = 5"), [
    ["seeds", "keyword.other.statement.mancala"],
    ["5", "constant.numeric.integer.mancala"],
    ["in", "keyword.other.mancala"],
    ["a1", "constant.other.hole.mancala"],
    ["d21", "constant.other.hole.mancala"],
    ["if", "keyword.control.conditional.mancala"],
    ["south_start", "variable.other.option.mancala"],
    ["=", "keyword.operator.comparison.mancala"],
    ["5", "constant.numeric.integer.mancala"],
  ]);
});

test("a number range", () => {
  const [{ tokens }] = tokenise("    offer 1..3 own holes", "chosen line");
  const range = tokens.filter((t) => t.scopes.includes("meta.range.mancala"));
  assert.deepEqual(
    range.map((t) => [t.startIndex, t.endIndex, t.scopes.at(-1)]),
    [
      [10, 11, "constant.numeric.integer.mancala"],
      [11, 13, "keyword.operator.range.mancala"],
      [13, 14, "constant.numeric.integer.mancala"],
    ],
  );
  assert.deepEqual(scopesOf("    offer 1..3 own holes").at(0), ["offer", "keyword.other.statement.mancala"]);
});

test("a condition with and, not, a set and a player-led statement", () => {
  assert.deepEqual(scopesOf("    when own and count in {2, 4} and opposite hole is not empty"), [
    ["when", "keyword.control.conditional.mancala"],
    ["own", "keyword.other.mancala"],
    ["and", "keyword.operator.logical.mancala"],
    ["count", "support.constant.mancala"],
    ["in", "keyword.other.mancala"],
    ["{", "punctuation.definition.set.begin.mancala"],
    ["2", "constant.numeric.integer.mancala"],
    [",", "punctuation.separator.comma.mancala"],
    ["4", "constant.numeric.integer.mancala"],
    ["}", "punctuation.definition.set.end.mancala"],
    ["and", "keyword.operator.logical.mancala"],
    ["opposite", "support.constant.mancala"],
    ["hole", "keyword.other.mancala"],
    ["is", "keyword.other.mancala"],
    ["not", "keyword.operator.logical.mancala"],
    ["empty", "keyword.other.mancala"],
  ]);
  assert.deepEqual(scopesOf("    south owns rows a b"), [
    ["south", "variable.language.player.mancala"],
    ["owns", "keyword.other.statement.mancala"],
    ["rows", "keyword.other.mancala"],
    ["a", "constant.other.row.mancala"],
    ["b", "constant.other.row.mancala"],
  ]);
});

test("a named condition, and a condition asking it", () => {
  assert.deepEqual(scopesOf("condition standing = in marked and intact and count >= 6"), [
    ["condition", "keyword.other.statement.mancala"],
    ["standing", "entity.name.condition.mancala"],
    ["=", "keyword.operator.assignment.mancala"],
    ["in", "keyword.other.mancala"],
    ["marked", "variable.other.mancala"],
    ["and", "keyword.operator.logical.mancala"],
    ["intact", "support.constant.mancala"],
    ["and", "keyword.operator.logical.mancala"],
    ["count", "support.constant.mancala"],
    [">=", "keyword.operator.comparison.mancala"],
    ["6", "constant.numeric.integer.mancala"],
  ]);
  assert.deepEqual(scopesOf("    when some hole is (own and standing)"), [
    ["when", "keyword.control.conditional.mancala"],
    ["some", "keyword.other.mancala"],
    ["hole", "keyword.other.mancala"],
    ["is", "keyword.other.mancala"],
    ["(", "punctuation.section.parens.begin.mancala"],
    ["own", "keyword.other.mancala"],
    ["and", "keyword.operator.logical.mancala"],
    ["standing", "variable.other.mancala"],
    [")", "punctuation.section.parens.end.mancala"],
  ]);
});

test("a ruling and a project ruling", () => {
  assert.deepEqual(scopesOf('project ruling B8 "A position"'), [
    ["project ruling", "keyword.other.statement.mancala"],
    ["B8", "entity.name.ruling.mancala"],
    ['"', "punctuation.definition.string.begin.mancala"],
    ["A position", "string.quoted.double.mancala"],
    ['"', "punctuation.definition.string.end.mancala"],
  ]);
  assert.deepEqual(scopesOf("ruling H1 \"x\"").slice(0, 2), [
    ["ruling", "keyword.other.statement.mancala"],
    ["H1", "entity.name.ruling.mancala"],
  ]);
});

test("a word the grammar cannot place is marked invalid, not dropped", () => {
  assert.deepEqual(scopesOf("size 2 x 6 ;"), [
    ["size", "keyword.other.statement.mancala"],
    ["2", "constant.numeric.integer.mancala"],
    ["x", "keyword.other.mancala"],
    ["6", "constant.numeric.integer.mancala"],
    [";", "invalid.illegal.mancala"],
  ]);
});

test("the VS Code extension ships this grammar for .mancala files", () => {
  const folder = join(editors, "vscode");
  const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const [language] = manifest.contributes.languages;
  assert.equal(language.id, "mancala");
  assert.deepEqual(language.extensions, [".mancala"]);
  const [contributed] = manifest.contributes.grammars;
  assert.deepEqual([contributed.language, contributed.scopeName], ["mancala", "source.mancala"]);
  // The extension folder holds a copy, so that it can be installed on its own: the same bytes.
  assert.equal(
    readFileSync(join(folder, contributed.path), "utf8"),
    readFileSync(grammarPath, "utf8"),
    "editors/vscode/syntaxes/mancala.tmLanguage.json differs from editors/mancala.tmLanguage.json: copy it again",
  );
  const configuration = JSON.parse(readFileSync(join(folder, language.configuration), "utf8"));
  assert.equal(configuration.comments.lineComment, "//");
  assert.deepEqual(configuration.brackets[0], ["{", "}"]);
});
