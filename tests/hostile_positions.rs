//! Property test: hostile position files. Positions of real games of every shipped rule file
//! (random legal actions, seeded) are written as JSON, then mutated — numbers changed (zero,
//! huge, negative, fractional), fields dropped or added (known, misspelt, unknown), values of the
//! wrong type, players swapped, random pendings, owners, claims and closed holes, hole labels
//! changed, keys repeated, the text truncated, bytes that are not UTF-8 — and read again. Every
//! result must be a clean refusal (one short line that names a field, or says the JSON is
//! malformed or no object) or a position within the engine's bounds that writes back as it reads
//! (read → write → read is a fixed point) and plays random legal actions, conserving stones.
//! Every 40th case also goes through `mancala run --position`, whose exit and message must be
//! the library's.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use common::*;
use mancala::engine::position::{parse_position, parse_position_bytes, PositionError};
use mancala::{Game, Rules};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use serde_json::{json, Map, Value};

/// Positions taken from the random games of each rule file.
const POSITIONS_PER_FILE: usize = 60;
/// Mutated cases per position taken.
const CASES_PER_POSITION: usize = 25;
/// Random actions played from every position read.
const ACTIONS_PLAYED: usize = 12;
/// One case in this many also runs the binary.
const BINARY_EVERY: usize = 40;

/// The rule files and options played: every shipped game (Tsoro on its smallest board, which
/// plays fastest, and on its default one).
const GAMES: [(&str, &[&str]); 12] = [
    ("tihbat", &[]),
    ("djenon-aboure", &[]),
    ("gore", &[]),
    ("gore", &["trade=off"]),
    ("tsoro", &["columns=6"]),
    ("tsoro", &[]),
    ("bosh", &[]),
    ("kalah", &[]),
    ("oware", &[]),
    ("pallanguzhi", &[]),
    ("hus", &[]),
    ("toguz-kumalak", &[]),
];

/// Keys a mutation may add: the position's own, misspellings, and strangers.
const KEYS: [&str; 24] = [
    "game",
    "options",
    "to_move",
    "rows",
    "stores",
    "captured",
    "owners",
    "legal",
    "status",
    "result",
    "pending",
    "declined",
    "closed",
    "round",
    "claimed",
    "captred",
    "Owners",
    "pendng",
    "south",
    "north",
    "offer",
    "",
    "x\ny",
    "\u{1F3B2}",
];

/// A number below `n` (0 when `n` is 0), sampled as a u32: the same cases on 32- and 64-bit
/// targets.
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    let n = u32::try_from(n).unwrap_or(u32::MAX).max(1);
    usize::try_from(rng.random_range(0..n)).unwrap_or(0)
}

fn pick<'a, T>(rng: &mut ChaCha8Rng, items: &'a [T]) -> &'a T {
    &items[below(rng, items.len())]
}

/// Positions of random games of `rules`, each as its JSON: some mid-move or with an offer open
/// where the game has them.
fn positions(rules: &Rules, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let mut found = Vec::new();
    while found.len() < POSITIONS_PER_FILE {
        let mut game = Game::new(rules);
        let length = rng.random_range(0..200u32);
        for _ in 0..length {
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            game.apply(*pick(rng, &legal)).expect("a legal action");
            let open = game.state().pending != mancala::engine::Pending::None || game.state().offer != 0;
            if !game.is_over() && (open || rng.random_ratio(1, 40)) {
                found.push(serde_json::from_str(&game.position_json()).expect("the engine's JSON"));
            }
        }
    }
    found.truncate(POSITIONS_PER_FILE);
    found
}

/// A hole label, real or not.
fn label(rng: &mut ChaCha8Rng, rules: &Rules) -> Value {
    match rng.random_range(0..6u32) {
        0..=3 => json!(rules.label(below(rng, rules.board.holes))),
        4 => json!(pick(rng, &["z9", "a0", "a99", "A1", "", "a1 ", "b01", "south", "e1"]).to_string()),
        _ => json!(format!("{}{}", pick(rng, &['a', 'b', 'c', 'd']), rng.random_range(0..30u32))),
    }
}

/// A number: mostly small, sometimes at or past a bound, negative or fractional.
fn number(rng: &mut ChaCha8Rng) -> Value {
    match rng.random_range(0..12u32) {
        0 => json!(0),
        1..=4 => json!(rng.random_range(0..20u32)),
        5 => json!(rng.random_range(0..300u32)),
        6 => json!(u16::MAX),
        7 => json!(u32::from(u16::MAX) + 1),
        8 => json!(u32::MAX),
        9 => json!(u64::MAX),
        10 => json!(-rng.random_range(1..5i32)),
        _ => json!(*pick(rng, &[1.5, 1e30, -0.0, 2.0])),
    }
}

/// A player's name, or something like one.
fn player(rng: &mut ChaCha8Rng) -> Value {
    json!(*pick(rng, &["south", "north", "south", "north", "South", "east", ""]))
}

/// A random value of a random kind, shaped like the fields of a position now and then.
fn value(rng: &mut ChaCha8Rng, rules: &Rules, depth: u32) -> Value {
    match rng.random_range(0..12u32) {
        0 => Value::Null,
        1 => json!(rng.random_bool(0.5)),
        2 | 3 => number(rng),
        4 => player(rng),
        5 => label(rng, rules),
        6 => json!(*pick(rng, &["continue or stop", "take", "ongoing", "over", "x\u{0}y", "\u{1F3B2}"])),
        7 => json!({"south": number(rng), "north": number(rng)}),
        8 => Value::Array((0..rng.random_range(0..4u32)).map(|_| label(rng, rules)).collect()),
        9 => {
            let owners: Map<String, Value> =
                (0..rng.random_range(0..3u32)).map(|_| (label(rng, rules).as_str().unwrap_or("a1").to_string(), player(rng))).collect();
            Value::Object(owners)
        }
        10 if depth < 3 => Value::Array((0..rng.random_range(0..4u32)).map(|_| value(rng, rules, depth + 1)).collect()),
        _ if depth < 3 => {
            let fields: Map<String, Value> =
                (0..rng.random_range(0..3u32)).map(|_| (pick(rng, &KEYS).to_string(), value(rng, rules, depth + 1))).collect();
            Value::Object(fields)
        }
        _ => number(rng),
    }
}

/// A random pending field: an offer, a decision or neither, well formed or not, often by the
/// player the position says it must be by.
fn pending(rng: &mut ChaCha8Rng, rules: &Rules, position: &Value) -> Value {
    let holes: Vec<Value> = (0..rng.random_range(0..4u32)).map(|_| label(rng, rules)).collect();
    let to_move = position["to_move"].as_str().unwrap_or("south");
    let other = if to_move == "south" { "north" } else { "south" };
    let (by, offerer) = if rng.random_ratio(3, 4) { (json!(to_move), json!(other)) } else { (player(rng), player(rng)) };
    match rng.random_range(0..6u32) {
        0 | 1 => json!({"offer": holes, "by": offerer}),
        2 => json!({"by": by, "decision": "continue or stop", "at": label(rng, rules)}),
        3 => json!({"by": by, "decision": "take", "holes": rng.random_range(0..4u32)}),
        4 => json!({"by": player(rng), "decision": value(rng, rules, 1), "at": label(rng, rules), "holes": number(rng)}),
        _ => value(rng, rules, 1),
    }
}

/// Random claimed holes, each emptied and owned by a random player.
fn claims(rng: &mut ChaCha8Rng, rules: &Rules, position: &mut Value) {
    let mut claimed = Vec::new();
    for _ in 0..rng.random_range(1..4u32) {
        let hole = below(rng, rules.board.holes);
        let label = rules.label(hole);
        let (row, column) = (label[..1].to_string(), hole % rules.board.columns);
        if let Some(count) = position.get_mut("rows").and_then(|r| r.get_mut(&row)).and_then(|r| r.get_mut(column)) {
            *count = json!(0);
        }
        if !position["owners"].is_object() {
            position["owners"] = json!({});
        }
        position["owners"][&label] = player(rng);
        claimed.push(json!(label));
    }
    position["claimed"] = Value::Array(claimed);
}

/// Every place in `value` (its path of keys and indices), the value itself first.
fn places(value: &Value) -> Vec<Vec<Value>> {
    let mut all = vec![Vec::new()];
    let children: Vec<(Value, &Value)> = match value {
        Value::Object(map) => map.iter().map(|(k, v)| (json!(k), v)).collect(),
        Value::Array(items) => items.iter().enumerate().map(|(i, v)| (json!(i), v)).collect(),
        _ => Vec::new(),
    };
    for (key, child) in children {
        for mut path in places(child) {
            path.insert(0, key.clone());
            all.push(path);
        }
    }
    all
}

fn at_mut<'v>(value: &'v mut Value, path: &[Value]) -> Option<&'v mut Value> {
    path.iter().try_fold(value, |v, key| match key {
        Value::String(k) => v.get_mut(k.as_str()),
        Value::Number(i) => v.get_mut(usize::try_from(i.as_u64()?).ok()?),
        _ => None,
    })
}

/// One mutation of the position `value`.
fn mutate(rng: &mut ChaCha8Rng, rules: &Rules, position: &mut Value) {
    let all = places(position);
    let path = pick(rng, &all).clone();
    match rng.random_range(0..12u32) {
        11 => claims(rng, rules, position),
        0 | 1 => {
            // A number changed (where there is one: counts, captures, rounds).
            let numbers: Vec<&Vec<Value>> =
                all.iter().filter(|p| at_mut(&mut position.clone(), p).is_some_and(|v| v.is_number())).collect();
            if let Some(&path) = numbers.get(below(rng, numbers.len())) {
                let path = path.clone();
                *at_mut(position, &path).expect("a place") = number(rng);
            }
        }
        2 => {
            // A field dropped.
            if let Some((Value::String(key), parent)) = path.split_last() {
                if let Some(Value::Object(map)) = at_mut(position, parent) {
                    map.remove(key.as_str());
                }
            }
        }
        3 => {
            // A field added (or replaced), at the top or in an object below.
            let target = at_mut(position, &path).filter(|v| v.is_object()).map(|_| path.clone()).unwrap_or_default();
            let (key, added) = (pick(rng, &KEYS).to_string(), value(rng, rules, 0));
            if let Some(Value::Object(map)) = at_mut(position, &target) {
                map.insert(key, added);
            }
        }
        4 => {
            // A value of another type.
            if let Some(place) = at_mut(position, &path).filter(|_| !path.is_empty()) {
                *place = value(rng, rules, 0);
            }
        }
        5 => {
            // The players swapped.
            let text = position.to_string().replace("\"south\"", "\"@\"").replace("\"north\"", "\"south\"").replace("\"@\"", "\"north\"");
            *position = serde_json::from_str(&text).expect("still JSON");
        }
        6 => position["pending"] = pending(rng, rules, position),
        7 => {
            let key = *pick(rng, &["owners", "claimed", "closed", "declined", "stores", "round", "captured", "options", "game"]);
            position[key] = match key {
                "owners" => value(rng, rules, 3),
                "claimed" | "closed" => Value::Array((0..rng.random_range(0..4u32)).map(|_| label(rng, rules)).collect()),
                "declined" => Value::Array((0..rng.random_range(0..3u32)).map(|_| player(rng)).collect()),
                "stores" | "captured" => json!({"south": number(rng), "north": number(rng)}),
                "round" => number(rng),
                "options" => json!({"bonus": number(rng), "trade": *pick(rng, &["on", "off", "maybe"])}),
                _ => json!(*pick(rng, &["Oware", "Tihbat", "Goré", "Gore"])),
            };
        }
        8 => {
            // A string changed into a hole label (owners' keys, lists, `at`).
            let strings: Vec<&Vec<Value>> =
                all.iter().filter(|p| at_mut(&mut position.clone(), p).is_some_and(|v| v.is_string())).collect();
            if let Some(&path) = strings.get(below(rng, strings.len())) {
                let path = path.clone();
                *at_mut(position, &path).expect("a place") = label(rng, rules);
            }
        }
        9 => position["to_move"] = player(rng),
        _ => {
            // A stone moved from one hole to another (a plausible board, often an unreachable one).
            let rows: Vec<String> = position["rows"].as_object().map(|r| r.keys().cloned().collect()).unwrap_or_default();
            if let (Some(from), Some(to)) = (rows.first(), rows.last()) {
                let column = below(rng, rules.board.columns);
                if let (Some(n), Some(m)) = (position["rows"][from][column].as_u64(), position["rows"][to][column].as_u64()) {
                    if n > 0 {
                        position["rows"][from][column] = json!(n - 1);
                        position["rows"][to][column] = json!(m.saturating_add(1));
                    }
                }
            }
        }
    }
}

/// `value` as JSON text, with one key of one object written twice (the second time with
/// another value now and then).
fn write_with_repeated_key(rng: &mut ChaCha8Rng, rules: &Rules, position: &Value) -> String {
    fn objects(value: &Value) -> usize {
        match value {
            Value::Object(map) => 1 + map.values().map(objects).sum::<usize>(),
            Value::Array(items) => items.iter().map(objects).sum(),
            _ => 0,
        }
    }
    fn write(value: &Value, target: &mut Option<usize>, repeat: &dyn Fn(&str, &Value) -> Value, out: &mut String) {
        match value {
            Value::Object(map) => {
                let here = *target == Some(0);
                *target = target.and_then(|t| t.checked_sub(1));
                out.push('{');
                for (i, (key, v)) in map.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&serde_json::to_string(key).expect("a key"));
                    out.push(':');
                    write(v, target, repeat, out);
                    if here && i == 0 {
                        out.push(',');
                        out.push_str(&serde_json::to_string(key).expect("a key"));
                        out.push(':');
                        out.push_str(&repeat(key, v).to_string());
                    }
                }
                out.push('}');
            }
            Value::Array(items) => {
                out.push('[');
                for (i, v) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write(v, target, repeat, out);
                }
                out.push(']');
            }
            other => out.push_str(&other.to_string()),
        }
    }
    let count = objects(position).max(1);
    let mut target = Some(below(rng, count));
    let other = value(rng, rules, 1);
    let same = rng.random_bool(0.5);
    let repeat = |_: &str, v: &Value| if same { v.clone() } else { other.clone() };
    let mut out = String::new();
    write(position, &mut target, &repeat, &mut out);
    out
}

/// The bytes of one hostile case made from `position`.
fn hostile(rng: &mut ChaCha8Rng, rules: &Rules, position: &Value) -> Vec<u8> {
    let mut position = position.clone();
    for _ in 0..rng.random_range(1..4u32) {
        mutate(rng, rules, &mut position);
    }
    let text = if rng.random_ratio(1, 8) { write_with_repeated_key(rng, rules, &position) } else { position.to_string() };
    let mut bytes = text.into_bytes();
    match rng.random_range(0..16u32) {
        0 => bytes.truncate(below(rng, bytes.len())),
        1 => {
            let at = below(rng, bytes.len() + 1);
            bytes.insert(at, rng.random_range(0x80..=0xFFu8));
        }
        2 => {
            let at = below(rng, bytes.len() + 1);
            bytes.insert(at, *pick(rng, b",}]\"{[:0-\\ \n"));
        }
        _ => {}
    }
    bytes
}

/// What reading one case came to.
enum Outcome {
    Refused(String),
    Read,
}

/// Reads `bytes` and checks the result: a clean refusal, or a position that writes back as it
/// reads and plays on.
fn check(rules: &Rules, bytes: &[u8], rng: &mut ChaCha8Rng) -> Outcome {
    let state = match parse_position_bytes(bytes, rules) {
        Err(error) => {
            let message = error.to_string();
            assert!(!message.contains('\n') && !message.contains('\r') && message.len() < 400, "not one short line: {message:?}");
            match &error {
                PositionError::Field { field, reason } => {
                    assert!(message.starts_with("field \"") && !reason.is_empty(), "{message}");
                    assert_eq!(error.field(), Some(field.as_str()));
                }
                PositionError::Malformed(_) => assert!(message.starts_with("malformed JSON: "), "{message}"),
                PositionError::NotAnObject(_) => assert!(message.starts_with("not a position: "), "{message}"),
            }
            return Outcome::Refused(message);
        }
        Ok(state) => state,
    };
    assert!(u64::from(state.total(rules)) <= u64::from(u16::MAX), "more stones than the engine plays: {}", state.total(rules));
    let mut game = Game::from_state(rules, state);
    let written = game.position_json();
    if !game.is_over() {
        // Read → write → read: the same state, written the same.
        let again = parse_position(&written, rules).unwrap_or_else(|e| panic!("the written position is refused: {e}\n{written}"));
        assert_eq!(again, *game.state(), "the written position reads back otherwise: {written}");
        assert_eq!(Game::from_state(rules, again).position_json(), written, "read → write → read is no fixed point");
    }
    let total = game.state().total(rules);
    for _ in 0..ACTIONS_PLAYED {
        let legal = game.legal_actions();
        let Some(&action) = legal.get(below(rng, legal.len())) else { break };
        game.apply(action).unwrap_or_else(|e| panic!("a legal action is refused: {e}\n{}", game.position_json()));
        assert_eq!(game.state().total(rules), total, "stones not conserved: {}", game.position_json());
    }
    Outcome::Read
}

/// The binary on the same bytes: exit 0 with a position where the library reads one, else
/// exit 2 and the library's message on one line.
fn check_binary(dir: &Path, file: &str, sets: &[&str], bytes: &[u8], outcome: &Outcome, case: usize) {
    let path = dir.join(format!("{case}.json"));
    std::fs::write(&path, bytes).expect("a temporary file");
    let shown = path.to_string_lossy().into_owned();
    let mut args = vec!["run", file, "--position", &shown, "--json"];
    for set in sets {
        args.extend(["--set", set]);
    }
    let out = mancala(&args);
    match outcome {
        Outcome::Read => {
            assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
            let printed: Value = serde_json::from_str(&stdout(&out)).expect("one JSON position");
            assert!(printed.is_object());
        }
        Outcome::Refused(message) => {
            assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
            assert_eq!(stderr(&out), format!("error: {shown}: {message}\n"));
            assert_eq!(stdout(&out), "");
        }
    }
}

#[test]
fn hostile_positions_are_refused_in_one_line_or_read_back_and_played() {
    let mut rng = ChaCha8Rng::seed_from_u64(20240611);
    let (mut read, mut refused, mut cases) = (0usize, 0usize, 0usize);
    let dir = common::scratch();
    for (name, sets) in GAMES {
        let file = rules_path(name);
        let rules = mancala::load_file(&file, sets).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for position in positions(&rules, &mut rng) {
            for _ in 0..CASES_PER_POSITION {
                let bytes = hostile(&mut rng, &rules, &position);
                let seed = rng.random::<u64>();
                let outcome = catch_unwind(AssertUnwindSafe(|| check(&rules, &bytes, &mut ChaCha8Rng::seed_from_u64(seed))))
                    .unwrap_or_else(|_| panic!("{name} {sets:?}, case {cases}: {}", String::from_utf8_lossy(&bytes)));
                match &outcome {
                    Outcome::Read => read += 1,
                    Outcome::Refused(_) => refused += 1,
                }
                if cases % BINARY_EVERY == 0 {
                    check_binary(dir.path(), &file, sets, &bytes, &outcome, cases);
                }
                cases += 1;
            }
        }
    }
    eprintln!("{cases} hostile positions: {read} read and played, {refused} refused");
    // Both outcomes are common: the mutations neither all break nor all spare a position.
    assert!(read * 10 > cases && refused * 10 > cases, "{read} read, {refused} refused of {cases}");
}
