//! The `play` command (tools/src/bin/play.rs is its front): one game of the
//! bot on a generated case through the tester's runner, written out with its
//! replay; or, with `--serve`, the page where a person plays (tools/src/serve/).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use ahc061_sim::judge::ToolInput;
use anyhow::{Context, Result};
use clap::Parser;

use crate::r#gen::generate;
use crate::replay::{parse_trace, render_replay};
use crate::runner::{RunOptions, run_game};
use crate::serve::{
    self,
    app::{Settings, file_case, seed_case},
    session::CoachSettings,
};
use crate::vis::replay;

#[derive(Parser)]
#[command(
    about = "Plays one game of the bot on a generated case and prints the score; with --serve, \
             serves a page where you play the case yourself, the bot as coach"
)]
pub struct Args {
    /// The case: the official generator's seed N, at most 2^40 as the
    /// server's (case 0 is the example case).
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true,
          value_parser = crate::cli::count::<u64>(0, serve::app::MAX_CASE))]
    case: u64,
    /// The bot's seed, passed to it as its own `--seed` (with --serve: the
    /// coach's and the bot's; default: the bot's).
    #[arg(long, value_name = "SEED")]
    seed: Option<u64>,
    /// Where the input, the move list, the trace and the replay go (with --serve: saved logs).
    #[arg(long, value_name = "DIR", default_value = "out")]
    out_dir: PathBuf,
    /// Asks the bot for its trace and puts it in the replay.
    #[arg(long)]
    trace: bool,
    /// The bot to play (default: the `ahc061` next to this program).
    #[arg(long, value_name = "FILE")]
    bot: Option<PathBuf>,
    /// Arguments passed to the bot (see `ahc061 --help`), after `--`.
    #[arg(last = true, value_name = "BOT_ARGS")]
    bot_args: Vec<String>,
    /// Serves a page on 127.0.0.1 where you play player 0 yourself, with the bot as coach.
    #[arg(long, conflicts_with_all = ["trace", "bot", "bot_args"])]
    serve: bool,
    /// The port to serve on (0: any free port; the URL is printed).
    #[arg(long, value_name = "P", default_value_t = 8061, requires = "serve")]
    port: u16,
    /// With --serve: the case to play, a tool input file, instead of --case's.
    #[arg(long, value_name = "FILE", requires = "serve", conflicts_with = "case")]
    input: Option<PathBuf>,
    /// With --serve: the coach's and the bot's rollouts a turn, at most
    /// 20 000 (about 0.4 s of advice): the server answers one request at a
    /// time, and the bot's score plays a whole game at this work.
    #[arg(long, value_name = "N", default_value_t = 200, requires = "serve", allow_negative_numbers = true,
          value_parser = crate::cli::count::<u64>(0, 20_000))]
    coach_work: u64,
}

fn bot_path(given: Option<&PathBuf>) -> Result<PathBuf> {
    if let Some(bot) = given {
        return Ok(bot.clone());
    }
    let exe = std::env::current_exe().context("cannot locate this program")?;
    let bot = exe.with_file_name(format!("ahc061{}", std::env::consts::EXE_SUFFIX));
    anyhow::ensure!(
        bot.exists(),
        "{} not found: build it first with `cargo build --release --workspace`",
        bot.display()
    );
    Ok(bot)
}

fn play_game(args: &Args) -> Result<()> {
    let text = generate(args.case, None, None).to_input_string();
    let input = ToolInput::parse(&text).map_err(anyhow::Error::msg)?;
    std::fs::create_dir_all(&args.out_dir)
        .with_context(|| format!("cannot create {}", args.out_dir.display()))?;
    let input_path = args.out_dir.join(format!("{:04}.txt", args.case));
    std::fs::write(&input_path, &text)?;
    let mut command = vec![bot_path(args.bot.as_ref())?.to_string_lossy().into_owned()];
    if let Some(seed) = args.seed {
        command.extend(["--seed".into(), seed.to_string()]);
    }
    command.extend(args.bot_args.iter().cloned());
    let trace_path = args.out_dir.join(format!("{:04}.trace.jsonl", args.case));
    if args.trace {
        command.push("--trace".into());
        command.push(trace_path.to_string_lossy().into_owned());
    }
    let options = RunOptions {
        capture_stderr: true,
        ..RunOptions::default()
    };
    let result = run_game(&command, &input, &input_path.to_string_lossy(), &options)?;
    // The bot's own messages (mirror reports, warnings, why it gave up).
    eprint!("{}", result.stderr.as_deref().unwrap_or(""));
    if let Some(error) = &result.error {
        anyhow::bail!(
            "the game on {} failed: {error} (the bot's stderr, if any, is above); \
             no move list or replay written",
            input_path.display()
        );
    }
    let moves_path = args.out_dir.join(format!("{:04}.out.txt", args.case));
    let moves: String = result.lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&moves_path, &moves)?;
    let trace = if args.trace {
        let text = std::fs::read_to_string(&trace_path)
            .with_context(|| format!("the bot wrote no trace to {}", trace_path.display()))?;
        Some(parse_trace(&text).map_err(anyhow::Error::msg)?)
    } else {
        None
    };
    let page_path = args.out_dir.join(format!("{:04}.html", args.case));
    let replayed = replay(input.clone(), &moves);
    std::fs::write(&page_path, render_replay(&replayed, trace.as_deref()))
        .with_context(|| format!("cannot write {}", page_path.display()))?;
    println!(
        "case {} (M = {}, U = {}): Score = {}  Time = {:.3} s",
        args.case,
        input.game.m,
        input.game.u,
        result.score,
        result.wall.as_secs_f64()
    );
    println!(
        "input: {}  moves: {}  replay: {}",
        input_path.display(),
        moves_path.display(),
        page_path.display()
    );
    Ok(())
}

/// `--serve`: binds first (a port in use is one line and exit code 1),
/// then prints the URL and answers until the process is stopped.
fn serve(args: &Args) -> Result<()> {
    let case = match &args.input {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let name = path
                .file_stem()
                .map_or("input".into(), |s| s.to_string_lossy().into_owned());
            file_case(text, name).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
        }
        None => seed_case(args.case),
    };
    let listening = serve::bind(args.port)?;
    let settings = Settings {
        case: Arc::new(case),
        coach: CoachSettings {
            work: args.coach_work.max(1),
            seed: args.seed.unwrap_or(ahc061::agent::options::DEFAULT_SEED),
        },
        max_games: MAX_GAMES,
        out_dir: args.out_dir.clone(),
    };
    println!(
        "play: open http://127.0.0.1:{}/ in a browser (Ctrl-C stops the server)",
        listening.port
    );
    std::io::stdout().flush()?;
    listening.serve(settings)
}

/// Games kept in memory by the server.
const MAX_GAMES: usize = 32;

/// Plays the game, or with `--serve` serves the page.
pub fn run(args: &Args) -> Result<()> {
    if args.serve {
        serve(args)
    } else {
        play_game(args)
    }
}
