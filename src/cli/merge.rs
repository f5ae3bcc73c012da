//! `mancala merge`: the shard files of one `simulate` run (`--shard I/N`), added up into the run's
//! summary, exactly as the run in one piece gives it (timing aside); or those of one `tournament`,
//! into its standings. Every shard of the run must be given once, and all of one run: the same
//! game, options, players, seed and size.

use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;

use super::simulate::{render, shard_range, summary_of, Shard, Tally, SHARD_FORMAT};
use super::tournament::{standings_text, Standing, TournamentShard, TOURNAMENT_SHARD_FORMAT};
use super::{OK, USAGE};

/// The largest shard file read: its tally holds a count per game length and end reason.
const MAX_SHARD_BYTES: u64 = 16 << 20;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The shard files (`simulate --shard I/N` wrote each).
    #[arg(required = true)]
    shards: Vec<PathBuf>,
    /// Print the summary as one JSON object (as `simulate --json`).
    #[arg(long)]
    json: bool,
}

pub fn merge(args: &MergeArgs) -> u8 {
    // A tournament's shards, if the first file is one.
    let format = |path: &PathBuf| {
        let value: serde_json::Value = serde_json::from_str(&read_text(path).ok()?).ok()?;
        value.get("format")?.as_str().map(str::to_string)
    };
    if args.shards.first().and_then(format).as_deref() == Some(TOURNAMENT_SHARD_FORMAT) {
        return match merged_tournament(&args.shards) {
            Ok(text) => {
                print!("{text}");
                OK
            }
            Err(error) => {
                eprintln!("error: {error}");
                USAGE
            }
        };
    }
    match merged(&args.shards) {
        Ok(summary) => {
            if args.json {
                println!("{}", serde_json::to_string(&summary).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")));
            } else {
                print!("{}", render(&summary));
            }
            OK
        }
        Err(error) => {
            eprintln!("error: {error}");
            USAGE
        }
    }
}

/// The summary of the run the shard files make up, or why they do not make one up.
fn merged(paths: &[PathBuf]) -> Result<super::simulate::Summary, String> {
    let shards: Vec<(&PathBuf, Shard)> = paths.iter().map(|p| read_shard(p).map(|s| (p, s))).collect::<Result<_, _>>()?;
    let Some((first_path, first)) = shards.first() else { return Err("no shard files given".to_string()) };
    let mut seen = vec![None::<&PathBuf>; usize::try_from(first.shards).unwrap_or(0)];
    let mut tally = Tally::default();
    let mut seconds = 0.0;
    for (path, shard) in &shards {
        let same = shard.who == first.who && shard.games == first.games && shard.shards == first.shards;
        if !same {
            return Err(format!(
                "{}: not of the run of {} (another game, options, players, seed, number of games or of shards)",
                path.display(),
                first_path.display()
            ));
        }
        mark(&mut seen, path, shard.shard, shard.shards)?;
        let (start, count) = shard_range(shard.games, shard.shard, shard.shards);
        if (shard.first, shard.count, shard.tally.games) != (start, count, count) {
            return Err(format!("{}: its games are not those of shard {} of {}", path.display(), shard.shard, shard.shards));
        }
        tally.add(&shard.tally);
        seconds += shard.seconds;
    }
    all_given(&seen, first.shards)?;
    let mut summary = summary_of(&first.who, &tally);
    // The machines' time added up: the run's cost, not its wall-clock time.
    summary.seconds = seconds;
    summary.games_per_second = if seconds > 0.0 { f64::from(summary.games) / seconds } else { 0.0 };
    Ok(summary)
}

/// The text of a shard file (at most [`MAX_SHARD_BYTES`]).
fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {}: {}", path.display(), e.to_string().to_lowercase()))?;
    let mut text = String::new();
    file.take(MAX_SHARD_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read {}: {}", path.display(), e.to_string().to_lowercase()))?;
    if text.len() as u64 > MAX_SHARD_BYTES {
        return Err(format!("{}: not a shard file (larger than {} MiB)", path.display(), MAX_SHARD_BYTES >> 20));
    }
    Ok(text)
}

/// Checks that shard `shard` of `shards` (from `path`) is new in `seen`, and marks it.
fn mark<'p>(seen: &mut [Option<&'p PathBuf>], path: &'p PathBuf, shard: u32, shards: u32) -> Result<(), String> {
    match seen.get_mut(usize::try_from(shard).unwrap_or(usize::MAX)) {
        Some(Some(earlier)) => Err(format!("{}: shard {shard} of {shards} again (also {})", path.display(), earlier.display())),
        Some(slot) => {
            *slot = Some(path);
            Ok(())
        }
        None => Err(format!("{}: shard {shard} of {shards} is not a shard of the run", path.display())),
    }
}

/// Refuses a run some of whose shards were not given.
fn all_given(seen: &[Option<&PathBuf>], shards: u32) -> Result<(), String> {
    let missing: Vec<String> = seen.iter().enumerate().filter(|(_, p)| p.is_none()).map(|(i, _)| i.to_string()).take(10).collect();
    if missing.is_empty() {
        return Ok(());
    }
    Err(format!("shards missing: {} of {shards} (each of 0..{shards} once)", missing.join(", ")))
}

/// The standings of the tournament the shard files make up.
fn merged_tournament(paths: &[PathBuf]) -> Result<String, String> {
    let mut shards = Vec::new();
    for path in paths {
        let shard: TournamentShard =
            serde_json::from_str(&read_text(path)?).map_err(|e| format!("{}: not a tournament shard file: {e}", path.display()))?;
        if shard.format != TOURNAMENT_SHARD_FORMAT || shard.shards == 0 || shard.shard >= shard.shards {
            return Err(format!("{}: not a tournament shard file", path.display()));
        }
        shards.push((path, shard));
    }
    let Some((first_path, first)) = shards.first() else { return Err("no shard files given".to_string()) };
    let same = |s: &TournamentShard| {
        (&s.game, &s.options, &s.players, s.games, s.seed, s.time_ms, s.total, s.shards)
            == (&first.game, &first.options, &first.players, first.games, first.seed, first.time_ms, first.total, first.shards)
    };
    let mut seen = vec![None::<&PathBuf>; usize::try_from(first.shards).unwrap_or(0)];
    let mut standings = vec![Standing::default(); first.players.len()];
    for (path, shard) in &shards {
        if !same(shard) || shard.standings.len() != first.players.len() {
            return Err(format!("{}: not of the tournament of {}", path.display(), first_path.display()));
        }
        mark(&mut seen, path, shard.shard, shard.shards)?;
        if (shard.first, shard.count) != shard_range(shard.total, shard.shard, shard.shards) {
            return Err(format!("{}: its games are not those of shard {} of {}", path.display(), shard.shard, shard.shards));
        }
        for (total, part) in standings.iter_mut().zip(&shard.standings) {
            total.add(part);
        }
    }
    all_given(&seen, first.shards)?;
    let names: Vec<String> = first.players.iter().map(|p| p.split_once('=').map_or(p.as_str(), |(n, _)| n.trim()).to_string()).collect();
    Ok(standings_text(&first.game, &names, &standings, first.games, first.seed))
}

fn read_shard(path: &Path) -> Result<Shard, String> {
    let text = read_text(path)?;
    let shard: Shard = serde_json::from_str(&text).map_err(|e| format!("{}: not a shard file: {e}", path.display()))?;
    if shard.format != SHARD_FORMAT {
        return Err(format!("{}: format `{}` is not {SHARD_FORMAT}", path.display(), shard.format));
    }
    if shard.shards == 0 || shard.shard >= shard.shards {
        return Err(format!("{}: shard {} of {} is not a shard", path.display(), shard.shard, shard.shards));
    }
    Ok(shard)
}
