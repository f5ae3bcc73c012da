//! The events of `run --trace` replay exactly: every position of 1,000 random games of every
//! shipped rule file is rebuilt from the position before it and the events of the action alone
//! (by the small interpreter below, which knows the events' meaning and the board's geometry, not
//! the rules), and must equal the engine's, every field but the legal actions.

mod common;

use mancala::{Game, Rules};
use rayon::prelude::*;
use serde_json::{json, Value};

const GAMES: u64 = 1_000;

/// A hole's place on the board: (row, column) from 0, from its label (`b5`).
fn place(label: &str) -> (usize, usize) {
    let row = usize::from(label.as_bytes()[0] - b'a');
    let column: usize = label[1..].parse().expect("a hole label");
    (row, column - 1)
}

fn row_name(row: usize) -> String {
    char::from(b'a' + u8::try_from(row).expect("a row letter")).to_string()
}

fn add(value: &mut Value, by: i64) {
    let now = value.as_i64().expect("a number");
    *value = json!(now + by);
}

/// A list of holes kept in board order.
fn set_hole(list: &mut Value, label: &str, present: bool, columns: usize) {
    let mut holes: Vec<String> =
        list.as_array().map(|l| l.iter().map(|h| h.as_str().expect("a label").to_string()).collect()).unwrap_or_default();
    holes.retain(|h| h != label);
    if present {
        holes.push(label.to_string());
    }
    holes.sort_by_key(|h| {
        let (r, c) = place(h);
        r * columns + c
    });
    *list = json!(holes);
}

struct Replayer<'r> {
    rules: &'r Rules,
}

impl Replayer<'_> {
    fn count<'v>(&self, position: &'v mut Value, label: &str) -> &'v mut Value {
        let (row, column) = place(label);
        &mut position["rows"][row_name(row)][column]
    }

    fn owner_is(&self, position: &mut Value, label: &str, by: &str) {
        let (row, column) = place(label);
        let home = self.rules.home_of(row * self.rules.board.columns + column).name();
        let owners = position["owners"].as_object_mut().expect("owners");
        if by == home {
            owners.remove(label);
        } else {
            owners.insert(label.to_string(), json!(by));
        }
    }

    /// Stones out of a hole: if it is empty now, it is no longer intact.
    fn empty_check(&self, position: &mut Value, label: &str) {
        if self.count(position, label).as_i64() == Some(0) && position.get("intact").is_some_and(|v| !v.is_null()) {
            set_hole(&mut position["intact"], label, false, self.rules.board.columns);
        }
    }

    fn captured(&self, position: &mut Value, by: &str, stones: i64) {
        add(&mut position["captured"][by], stones);
    }

    /// The position after `events`, applied to `before`.
    fn replay(&self, before: Value, events: &[Value]) -> Value {
        let mut p = before;
        let columns = self.rules.board.columns;
        // Whatever was open is answered by the action.
        p.as_object_mut().expect("an object").remove("pending");
        for event in events {
            let text = |key: &str| event[key].as_str().unwrap_or_else(|| panic!("{key} of {event}")).to_string();
            let number = |key: &str| event[key].as_i64().unwrap_or_else(|| panic!("{key} of {event}"));
            match event["event"].as_str().expect("an event kind") {
                "lift" => {
                    let hole = text("hole");
                    add(self.count(&mut p, &hole), -number("stones"));
                    self.empty_check(&mut p, &hole);
                }
                "place" => {
                    add(&mut p["hand"][text("by")], -1);
                    add(self.count(&mut p, &text("hole")), 1);
                }
                "sow" => {
                    for hole in event["holes"].as_array().expect("holes") {
                        let hole = hole.as_str().expect("a place");
                        match hole.strip_prefix("store:") {
                            Some(owner) => self.captured(&mut p, owner, 1),
                            None => add(self.count(&mut p, hole), 1),
                        }
                    }
                }
                "take" => {
                    let (hole, stones) = (text("hole"), number("stones"));
                    add(self.count(&mut p, &hole), -stones);
                    self.empty_check(&mut p, &hole);
                    if text("how") != "sown on" {
                        self.captured(&mut p, &text("by"), stones);
                    }
                }
                "claim" => {
                    let hole = text("hole");
                    self.owner_is(&mut p, &hole, &text("by"));
                    set_hole(&mut p["claimed"], &hole, true, columns);
                }
                "ask" => p["pending"] = event["pending"].clone(),
                "offer" => p["pending"] = json!({"offer": event["holes"], "by": event["by"]}),
                "answer" => {
                    let by = text("by");
                    if event["accepted"] == json!(true) {
                        for hole in event["holes"].as_array().expect("holes") {
                            let hole = hole.as_str().expect("a label");
                            self.owner_is(&mut p, hole, &by);
                            add(self.count(&mut p, hole), number("price"));
                            self.captured(&mut p, &by, -number("price"));
                        }
                    } else {
                        let declined = p.as_object_mut().expect("an object").entry("declined").or_insert(json!([]));
                        declined.as_array_mut().expect("a list").push(json!(by));
                        let mut list: Vec<String> =
                            declined.as_array().expect("a list").iter().map(|v| v.as_str().unwrap_or("").to_string()).collect();
                        list.sort_by_key(|p| p != "south");
                        list.dedup();
                        *declined = json!(list);
                    }
                }
                "pass" | "again" => {}
                "turn" => p["to_move"] = event["to"].clone(),
                "phase" => p["phase"][text("by")] = event["phase"].clone(),
                "round over" => {
                    for row in p["rows"].as_object_mut().expect("rows").values_mut() {
                        for count in row.as_array_mut().expect("a row") {
                            *count = json!(0);
                        }
                    }
                    p["captured"] = event["stocks"].clone();
                }
                "round" => {
                    for key in ["round", "to_move", "rows", "owners", "captured", "closed", "claimed", "hand", "intact"] {
                        if let Some(value) = event.get(key) {
                            if p.get(key).is_some_and(|v| !v.is_null()) || key == "owners" || key == "rows" {
                                p[key] = value.clone();
                            }
                        }
                    }
                }
                "end" => {
                    p["status"] = json!("over");
                    p["to_move"] = Value::Null;
                    p["result"] = json!({"winner": event["winner"], "score": event["score"], "reason": event["reason"]});
                    p["captured"] = event["captured"].clone();
                }
                other => panic!("an unknown event `{other}`: {event}"),
            }
        }
        if p.get("stores").is_some() {
            p["stores"] = p["captured"].clone();
        }
        p
    }
}

/// The fields of a position the events decide: all but the legal actions (and a step's action
/// and events), borrowed in key order.
fn decided(position: &Value) -> Vec<(&String, &Value)> {
    position.as_object().expect("an object").iter().filter(|(key, _)| !["legal", "action", "events"].contains(&key.as_str())).collect()
}

/// Every position of random games of the shipped rule file `name` is rebuilt from its events.
fn every_position_is_rebuilt_from_its_events(name: &str) {
    let rules = common::rules(name);
    let replayer = Replayer { rules };
    (0..GAMES).into_par_iter().for_each(|number| {
        let mut rng = common::Rng::new(number);
        let mut game = Game::new(rules);
        game.set_tracing(true);
        let mut before: Value = serde_json::from_str(&game.position_json()).expect("position JSON");
        let mut record = Vec::new();
        while !game.is_over() {
            let legal = game.legal_actions();
            let action = *rng.pick(&legal);
            let text = action.text(rules);
            game.apply(action).expect("a legal action");
            record.push(text.clone());
            let step: Value = serde_json::from_str(&game.step_json(&text)).expect("trace line JSON");
            assert_eq!(step["action"], json!(text));
            let events = step["events"].as_array().expect("events");
            let rebuilt = replayer.replay(before, events);
            assert_eq!(
                decided(&rebuilt),
                decided(&step),
                "{name}, game {number}, after `{}`: the events {} do not rebuild the position",
                record.join(", "),
                Value::from(events.clone())
            );
            before = step;
            assert!(record.len() < 100_000, "{name}, game {number}: not over");
        }
    });
}

common::per_shipped_rule_file!(every_position_is_rebuilt_from_its_events);

#[test]
fn run_trace_writes_the_action_its_events_and_the_position() {
    let output = common::mancala(&["run", &common::rules_path("kalah"), "--moves", "a3, a6", "--trace"]);
    assert!(output.status.success());
    let lines: Vec<Value> = common::stdout(&output).lines().map(|l| serde_json::from_str(l).expect("JSON")).collect();
    assert_eq!(lines.len(), 3, "the start and one line per action");
    assert!(lines[0].get("events").is_none(), "the start has no action");
    // a3's last stone falls into South's store: South moves again.
    assert_eq!(lines[1]["action"], json!("a3"));
    assert_eq!(
        lines[1]["events"],
        json!([
            {"event": "lift", "by": "south", "hole": "a3", "stones": 4, "why": "move"},
            {"event": "sow", "by": "south", "holes": ["a4", "a5", "a6", "store:south"]},
            {"event": "again", "by": "south", "why": "the last stone fell into their store"},
            {"event": "turn", "to": "south"},
        ])
    );
    assert_eq!(lines[2]["rows"], json!({"a": [4, 4, 0, 5, 5, 0], "b": [4, 4, 5, 5, 5, 5]}));
    // The interpreter rebuilds that position, and notices a stone left out.
    let replayer = Replayer { rules: common::rules("kalah") };
    let events = lines[2]["events"].as_array().expect("events").clone();
    assert_eq!(decided(&replayer.replay(lines[1].clone(), &events)), decided(&lines[2]));
    let mut short = events.clone();
    short[1]["holes"].as_array_mut().expect("holes").pop();
    assert_ne!(decided(&replayer.replay(lines[1].clone(), &short)), decided(&lines[2]));
    assert_eq!(lines[2]["legal"], json!(["b1", "b2", "b3", "b4", "b5", "b6"]));
}
