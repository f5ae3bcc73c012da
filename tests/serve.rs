//! The rooms behind `mancala serve`, without HTTP: seats, turns, actions checked before anything
//! changes, undo, the computer's answers (and answers dropped after an undo), records, and idle
//! rooms closed. The page itself is tested in a browser (`web/tests/`).
#![cfg(feature = "serve")]

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use mancala::ai::AgentKind;
use mancala::record::Record;
use mancala::serve::rooms::{page_agent, After, Room, RoomSpec, Rooms};
use mancala::{Action, Player};
use serde_json::Value;

fn spec(name: &str, north: Option<AgentKind>, moves: &[&str]) -> RoomSpec {
    let path = common::rules_path(name);
    let source = std::fs::read_to_string(&path).expect("a shipped file");
    let rules = mancala::load_str(&path, &source, &[] as &[&str]).expect("clean rules");
    let actions = moves.iter().map(|m| Action::parse(m, &rules).expect("an action")).collect();
    RoomSpec { file: format!("rules/{name}.mancala"), source, sets: Vec::new(), rules, players: [None, north], seed: 7, actions }
}

fn state(room: &Room) -> Value {
    room.state(None)
}

fn ply(room: &Room) -> u64 {
    state(room)["ply"].as_u64().expect("a ply")
}

#[test]
fn seats_are_given_south_first_then_north_then_nobody() {
    let mut room = Room::new("r".into(), spec("kalah", None, &[])).expect("a room");
    let (first, south) = room.take_seat().expect("a seat");
    let (second, north) = room.take_seat().expect("a seat");
    assert_eq!((first, second), (Player::South, Player::North));
    assert!(room.take_seat().is_none());
    assert_eq!(room.seat_of(Some(&south)), Some(Player::South));
    assert_eq!(room.seat_of(Some(&north)), Some(Player::North));
    assert_eq!(room.seat_of(Some("not a token")), None);
    assert_eq!(room.seat_of(None), None);
    assert_eq!(south.len(), 32);
    assert_ne!(south, north);
    // Against the computer there is one person's seat.
    let mut room = Room::new("r".into(), spec("kalah", Some(AgentKind::Greedy), &[])).expect("a room");
    assert_eq!(room.take_seat().map(|s| s.0), Some(Player::South));
    assert!(room.take_seat().is_none());
    // Each player's seat as the page reads it (a JSON value's keys in order).
    assert_eq!(
        serde_json::to_string(&state(&room)["seats"]).expect("JSON"),
        r#"{"north":{"kind":"computer","name":"easy"},"south":{"kind":"person","present":false,"taken":true}}"#
    );
}

#[test]
fn every_bad_action_is_refused_and_changes_nothing() {
    let mut room = Room::new("r".into(), spec("kalah", None, &[])).expect("a room");
    let before = state(&room);
    let cases: [(Option<Player>, &str, Option<usize>, &str); 6] = [
        (None, "a1", None, "you are watching this game: only its players move"),
        (Some(Player::North), "b1", None, "it is south's turn"),
        (Some(Player::South), "b1", None, "b1"),
        (Some(Player::South), "z9", None, "z9"),
        (Some(Player::South), "a1", Some(3), "the board has changed since you chose: look again"),
        (Some(Player::South), "", None, ""),
    ];
    for (seat, action, seen, message) in cases {
        let error = room.act(seat, action, seen).expect_err(action);
        assert!(error.contains(message), "{action}: {error}");
        assert_eq!(state(&room), before, "{action} changed the room");
    }
    assert_eq!(room.act(Some(Player::South), "a1", Some(0)), Ok(After::Wait));
    assert_eq!(ply(&room), 1);
    assert_eq!(state(&room)["position"]["rows"]["a"], serde_json::json!([0, 5, 5, 5, 5, 4]));
}

#[test]
fn an_action_is_published_with_its_events_and_narration() {
    let mut room = Room::new("r".into(), spec("kalah", None, &[])).expect("a room");
    let mut updates = room.connect(Some(Player::South));
    while updates.try_recv().is_ok() {}
    room.act(Some(Player::South), "a3", None).expect("legal");
    let message: Value = serde_json::from_str(&updates.try_recv().expect("an update")).expect("JSON");
    assert_eq!(message["type"], "state");
    assert_eq!(message["ply"], 1);
    let step = &message["step"];
    assert_eq!(step["by"], "south");
    assert_eq!(step["action"], "a3");
    let kinds: Vec<&str> = step["events"].as_array().expect("events").iter().map(|e| e["event"].as_str().unwrap_or("")).collect();
    assert_eq!(kinds, ["lift", "sow", "again", "turn"]);
    assert_eq!(step["events"][1]["holes"], serde_json::json!(["a4", "a5", "a6", "store:south"]));
    assert_eq!(
        step["narration"],
        serde_json::json!(["south a3 (4 stones): a4 a5 a6 south's store", "south moves again: the last stone fell into their store."])
    );
    assert_eq!(message["position"]["to_move"], "south");
    assert_eq!(message["moves"], serde_json::json!([{"by": "south", "action": "a3"}]));
}

#[test]
fn the_computer_answers_and_undo_takes_its_answer_back_too() {
    let mut room = Room::new("r".into(), spec("kalah", Some(AgentKind::Greedy), &[])).expect("a room");
    assert_eq!(room.act(Some(Player::South), "a1", None), Ok(After::Think));
    let mut thought = room.think().expect("north thinks");
    assert!(room.think().is_none(), "one thought at a time");
    assert_eq!(state(&room)["thinking"], "north");
    let action = thought.choose();
    assert!(action.is_some());
    assert_eq!(room.answer(thought, action), After::Wait);
    assert_eq!(ply(&room), 2);
    assert_eq!(state(&room)["thinking"], Value::Null);
    assert_eq!(room.undo(Some(Player::South)), Ok(After::Wait));
    assert_eq!(ply(&room), 0);
    assert_eq!(room.undo(Some(Player::South)), Err("you have no action to take back".to_string()));
    assert!(room.undo(None).is_err());
}

#[test]
fn an_answer_thought_out_before_an_undo_is_dropped() {
    let mut room = Room::new("r".into(), spec("kalah", Some(AgentKind::Greedy), &[])).expect("a room");
    room.act(Some(Player::South), "a1", None).expect("legal");
    let mut thought = room.think().expect("north thinks");
    let action = thought.choose();
    room.undo(Some(Player::South)).expect("undo");
    room.act(Some(Player::South), "a2", None).expect("legal");
    // The answer to a1 comes back after a1 was taken back and a2 played: it is not played.
    assert_eq!(room.answer(thought, action), After::Think);
    assert_eq!(ply(&room), 1);
    assert_eq!(state(&room)["moves"][0]["action"], "a2");
}

#[test]
fn against_a_person_only_ones_own_last_action_is_taken_back() {
    let mut room = Room::new("r".into(), spec("kalah", None, &[])).expect("a room");
    room.act(Some(Player::South), "a1", None).expect("legal");
    assert_eq!(room.undo(Some(Player::North)), Err("you have no action to take back".to_string()));
    room.act(Some(Player::North), "b5", None).expect("legal");
    let error = room.undo(Some(Player::South)).expect_err("north has answered");
    assert!(error.starts_with("north has moved since"), "{error}");
    assert_eq!(ply(&room), 2);
    assert_eq!(room.undo(Some(Player::North)), Ok(After::Wait));
    assert_eq!(ply(&room), 1);
}

#[test]
fn a_rooms_record_replays_into_the_same_game() {
    let mut room = Room::new("r".into(), spec("oware", Some(AgentKind::Random), &[])).expect("a room");
    room.act(Some(Player::South), "a3", None).expect("legal");
    let mut thought = room.think().expect("north thinks");
    let action = thought.choose();
    room.answer(thought, action);
    let record = Record::parse(&room.record().to_json()).expect("a record");
    assert_eq!(record.south, "human");
    assert_eq!(record.north, "random");
    assert_eq!(record.seed, 7);
    assert_eq!(record.moves.split(", ").count(), 2);
    let rules = mancala::load_file(common::rules_path("oware"), &[] as &[&str]).expect("rules");
    let actions = record.actions(&rules).expect("actions");
    let texts: Vec<String> = actions.iter().map(|a| a.text(&rules)).collect();
    let mut again = spec("oware", Some(AgentKind::Random), &[]);
    again.actions = actions;
    let again = Room::new("s".into(), again).expect("the record replays");
    assert_eq!(state(&again)["position"], state(&room)["position"]);
    assert_eq!(texts[0], "a3");
}

#[test]
fn a_record_with_an_action_that_is_not_legal_opens_no_room() {
    let error = Room::new("r".into(), spec("kalah", None, &["a1", "a2"])).err().expect("a2 is South's, North is to move");
    assert!(error.starts_with("action 2 of 2"), "{error}");
}

#[test]
fn the_page_offers_only_computer_players_of_bounded_strength() {
    assert_eq!(page_agent("human"), Ok(None));
    assert_eq!(page_agent("easy"), Ok(Some(AgentKind::Greedy)));
    assert!(matches!(page_agent("hard"), Ok(Some(AgentKind::Mcts(_)))));
    for name in ["mcts:100000000", "mcts:99999ms", "deep blue", ""] {
        assert!(page_agent(name).is_err(), "{name}");
    }
}

#[test]
fn rooms_nobody_is_connected_to_are_closed_after_the_idle_time() {
    let rooms = Rooms::new(Duration::from_secs(60));
    let kept = rooms.open(spec("kalah", None, &[])).expect("a room");
    let left = rooms.open(spec("kalah", None, &[])).expect("a room");
    let _connection = mancala::serve::rooms::lock(&kept).connect(Some(Player::South));
    assert_eq!(rooms.len(), 2);
    assert_eq!(rooms.clean_up(Instant::now()), 0, "nothing is idle yet");
    assert_eq!(rooms.clean_up(Instant::now() + Duration::from_secs(61)), 1);
    let (kept_id, left_id) = (mancala::serve::rooms::lock(&kept).id.clone(), mancala::serve::rooms::lock(&left).id.clone());
    assert!(rooms.get(&kept_id).is_some(), "a room with a connection stays");
    assert!(rooms.get(&left_id).is_none());
    mancala::serve::rooms::lock(&kept).disconnect(Some(Player::South));
    assert_eq!(rooms.clean_up(Instant::now() + Duration::from_secs(61)), 1);
    assert!(rooms.is_empty());
}

#[test]
fn serve_refuses_a_missing_rules_folder_and_a_taken_port_in_one_line() {
    let binary = env!("CARGO_BIN_EXE_mancala");
    let out = Command::new(binary).args(["serve", "--rules", "/no/such/folder", "--port", "0"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: cannot read the rules folder /no/such/folder"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("an address").port().to_string();
    let rules = format!("{}/rules", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(binary).args(["serve", "--rules", &rules, "--port", &port]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: address")), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
}

#[test]
fn a_hint_is_for_the_player_to_move_and_changes_nothing() {
    let mut room = Room::new("r".into(), spec("kalah", None, &[])).expect("a room");
    let before = state(&room);
    assert_eq!(room.hint(None).err(), Some("you are watching this game: hints are for its players".to_string()));
    assert_eq!(room.hint(Some(Player::North)).err(), Some("it is south's turn".to_string()));
    let mut thought = room.hint(Some(Player::South)).expect("south may ask");
    let action = thought.choose().expect("a move");
    let legal = before["position"]["legal"].as_array().expect("legal").clone();
    let rules = mancala::load_file(common::rules_path("kalah"), &[] as &[&str]).expect("rules");
    assert!(legal.contains(&Value::from(action.text(&rules))), "{}", action.text(&rules));
    assert_eq!(state(&room), before);
    // The same board gives the same hint.
    let again = room.hint(Some(Player::South)).expect("south may ask").choose();
    assert_eq!(again, Some(action));
    room.act(Some(Player::South), "a1", None).expect("legal");
    assert!(room.hint(Some(Player::South)).is_err());
}

#[test]
fn the_page_offers_the_files_that_check_clean_and_only_those() {
    let folder = tempfile::tempdir().expect("a folder");
    let kalah = std::fs::read_to_string(common::rules_path("kalah")).expect("kalah");
    std::fs::write(folder.path().join("kalah.mancala"), kalah).expect("written");
    std::fs::write(folder.path().join("broken.mancala"), "game \"Broken\"\nboard {\n    size 2 x\n}\n").expect("written");
    std::fs::write(folder.path().join("notes.txt"), "not a rule file").expect("written");
    let shipped = mancala::serve::catalog(folder.path()).expect("a catalog");
    let files: Vec<&str> = shipped.iter().map(|s| s.file.as_str()).collect();
    assert_eq!(files, ["kalah.mancala"]);
    assert_eq!(shipped[0].game, "Kalah");
    let everything = mancala::serve::catalog(std::path::Path::new(&format!("{}/rules", env!("CARGO_MANIFEST_DIR")))).expect("a catalog");
    assert_eq!(everything.len(), common::mancala_files("rules").len());
    let bosh = everything.iter().find(|s| s.file == "bosh.mancala").expect("bosh");
    assert_eq!(bosh.options, serde_json::json!([{"name": "rounds", "default": "match", "values": ["match", "1"]}]));
}

#[test]
fn a_choice_of_holes_is_typed_as_the_holes_alone() {
    // Tsoro on 8 columns: South's a7 captures, then chooses 2 of c2 d4 d5 d7.
    let path = common::rules_path("tsoro");
    let source = std::fs::read_to_string(&path).expect("a shipped file");
    let sets = vec!["columns=8".to_string()];
    let rules = mancala::load_str(&path, &source, &sets).expect("clean rules");
    let moves = ["a5", "continue", "d1", "a2", "d5", "a6", "d8", "a7"];
    let actions = moves.iter().map(|m| Action::parse(m, &rules).expect("an action")).collect();
    let spec = RoomSpec { file: "rules/tsoro.mancala".into(), source, sets, rules, players: [None, None], seed: 7, actions };
    let mut room = Room::new("r".into(), spec).expect("a room");
    let before = state(&room);
    let error = room.act(Some(Player::South), "d4", None).expect_err("one hole of two");
    assert_eq!(error, "d4 is 1 hole, not 2: take 2 of: c2 d4 d5 d7 (type the 2 holes together: `c2 d4`, or `take c2 d4`)");
    assert_eq!(state(&room), before);
    assert_eq!(room.act(Some(Player::South), "d7 d4", None), Ok(After::Wait));
    assert_eq!(state(&room)["position"]["captured"]["south"], 9);
}

#[test]
fn a_rematch_is_the_same_rules_options_and_players_from_the_start_with_the_next_seed() {
    let mut spec = spec("kalah", Some(AgentKind::Greedy), &["a1"]);
    spec.sets = vec!["seeds=3".to_string()];
    let room = Room::new("r".into(), spec).expect("a room");
    let again = room.rematch();
    assert_eq!(
        (again.file.as_str(), again.sets.clone(), again.players, again.seed),
        ("rules/kalah.mancala", vec!["seeds=3".to_string()], [None, Some(AgentKind::Greedy)], 8)
    );
    assert!(again.actions.is_empty());
    let again = Room::new("s".into(), again).expect("a room");
    assert_eq!(ply(&again), 0);
    assert_eq!(state(&again)["seats"]["north"]["name"], "easy");
}

#[test]
fn a_rooms_moves_are_told_and_any_earlier_position_is_served() {
    let room = Room::new("r".into(), spec("kalah", None, &["a1", "b6", "a4"])).expect("a room");
    // The welcome tells every move so far (a loaded record's too), as `play` does.
    let told = room.told();
    assert_eq!(told.len(), 3);
    assert_eq!(told[0], ["south a1 (4 stones): a2 a3 a4 a5"]);
    assert_eq!(room.info(None)["told"][1][0], "north b6 (4 stones): b5 b4 b3 b2");
    // The start, an earlier move with its step, the last, and nothing past it.
    let start = room.review(0).expect("the start");
    assert_eq!((start["ply"].as_u64(), start["of"].as_u64(), &start["step"]), (Some(0), Some(3), &Value::Null));
    assert_eq!(start["position"]["rows"]["a"], serde_json::json!([4, 4, 4, 4, 4, 4]));
    let first = room.review(1).expect("move 1");
    assert_eq!(first["position"]["rows"]["a"], serde_json::json!([0, 5, 5, 5, 5, 4]));
    assert_eq!(first["step"]["narration"][0], "south a1 (4 stones): a2 a3 a4 a5");
    assert_eq!(first["step"]["events"][0]["event"], "lift");
    assert_eq!(room.review(3).expect("move 3")["position"], state(&room)["position"]);
    assert!(room.review(4).is_none());
}
