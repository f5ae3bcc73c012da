//! `mancala serve`: the board in the browser (see [`crate::serve`]).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::{OK, USAGE};
use crate::serve::rooms::Rooms;
use crate::serve::{bind, catalog, serve, App};

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: the default serves this computer only; 0.0.0.0 lets others on
    /// the network join a room.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// The folder of rule files the page offers [default: rules, or where there is none here, the
    /// shipped games' folder].
    #[arg(long, value_name = "DIR")]
    rules: Option<PathBuf>,
    /// Close a room nobody is connected to after this many seconds without activity.
    #[arg(long, default_value_t = 1800, value_name = "SECONDS")]
    idle: u64,
}

pub fn run(args: &ServeArgs) -> u8 {
    let folders = super::shipped::rule_folders();
    let folder = args.rules.clone().unwrap_or_else(|| folders.iter().find(|f| f.is_dir()).unwrap_or(&folders[0]).clone());
    let shipped = match catalog(&folder) {
        Ok(shipped) => shipped,
        Err(message) => {
            eprintln!("error: {message}");
            return USAGE;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread().enable_all().build() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("error: cannot start the server: {e}");
            return USAGE;
        }
    };
    let games = shipped.len();
    let app = Arc::new(App {
        folder: folder.clone(),
        index: crate::rules_page::index(&folder),
        shipped,
        rooms: Rooms::new(Duration::from_secs(args.idle.max(1))),
    });
    runtime.block_on(async {
        let (listener, address) = match bind(&args.host, args.port).await {
            Ok(bound) => bound,
            Err(message) => {
                eprintln!("error: {message}");
                return USAGE;
            }
        };
        println!("mancala serve: http://{address}/ ({games} games from {}; Ctrl-C stops)", folder.display());
        use std::io::Write;
        let _ = std::io::stdout().flush();
        match serve(listener, app).await {
            Ok(()) => OK,
            Err(e) => {
                eprintln!("error: the server stopped: {e}");
                USAGE
            }
        }
    })
}
