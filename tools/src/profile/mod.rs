//! The profile of a run of games (`profile`): every game replayed through the
//! local judge from its tool input file and player 0's move list, and what
//! happened in it counted turn by turn — the scores over the game, player 0's
//! move mix by phase, the value taken from and lost to the AIs, the AIs' room
//! — in the shape of the comparison with the contest winner that issue 25
//! starts from. [`report`] prints one run, or two side by side with paired
//! confidence intervals, as Markdown.
//!
//! The replay is exact: the judge is deterministic given the input file
//! (docs/RULES.md §7) and player 0's moves, so every turn's start and end
//! position is the one the game had.

pub mod report;

use std::path::{Path, PathBuf};

use ahc061::engine::board::{ALL, Bits, Cell, cells, has, neighbours};
use ahc061::engine::rules::{Outcome, legal_moves};
use ahc061::engine::state::{Game, NOBODY, State, absolute_score};
use ahc061_sim::judge::{Judge, ToolInput};
use anyhow::{Context, Result};

use crate::eval::cases::Case;
use crate::runner::parse_move;

/// The turns after which the scores are taken.
pub const SNAPSHOT_TURNS: [usize; 5] = [10, 25, 50, 75, 100];
/// The phases of a game, first and last turn (1-based): opening, middle,
/// end, and the whole game.
pub const PHASES: [(usize, usize); 4] = [(1, 25), (26, 75), (76, 100), (1, 100)];
/// The turns over which the AIs' room is measured (the middle phase).
pub const ROOM_TURNS: (usize, usize) = (26, 75);
/// Ten-turn bins of the shares of turns spent attacking and raising.
pub const BINS: usize = 10;

/// The scores after one turn.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Snapshot {
    /// The absolute score if the game ended here.
    pub score: f64,
    pub s0: f64,
    /// The best AI's score, S_A.
    pub best_ai: f64,
    pub mean_ai: f64,
}

/// Player 0's moves in one phase, by what they did. Every turn falls in
/// exactly one of the counts other than `raise_high` (a part of `raise`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveMix {
    /// Took an unowned cell.
    pub occupy: u32,
    /// Raised a cell of its own a level.
    pub raise: u32,
    /// Of `raise`, from level 2 or more.
    pub raise_high: u32,
    /// Took a level-1 cell of the AI leading at the start of the turn.
    pub capture_leader: u32,
    /// Took a level-1 cell of another AI.
    pub capture_other: u32,
    /// Knocked a level off a cell of level ≥ 2 of the leading AI.
    pub knock_leader: u32,
    /// Knocked a level off a cell of level ≥ 2 of another AI.
    pub knock_other: u32,
    /// Moved onto (or stayed on) a cell of its own at the cap: no effect.
    pub idle: u32,
    /// Sent back by a collision: no effect.
    pub voided: u32,
}

/// What player 0's move of one turn did, judged from the start-of-turn
/// position (which alone decides it: docs/RULES.md §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Occupy,
    Raise { from_high: bool },
    Capture { of_leader: bool },
    Knock { of_leader: bool },
    Idle,
    Voided,
}

impl MoveMix {
    fn add(&mut self, kind: MoveKind) {
        match kind {
            MoveKind::Occupy => self.occupy += 1,
            MoveKind::Raise { from_high } => {
                self.raise += 1;
                self.raise_high += from_high as u32;
            }
            MoveKind::Capture { of_leader: true } => self.capture_leader += 1,
            MoveKind::Capture { of_leader: false } => self.capture_other += 1,
            MoveKind::Knock { of_leader: true } => self.knock_leader += 1,
            MoveKind::Knock { of_leader: false } => self.knock_other += 1,
            MoveKind::Idle => self.idle += 1,
            MoveKind::Voided => self.voided += 1,
        }
    }
}

/// Everything the profile shows of one game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameProfile {
    /// The input file's stem.
    pub case: String,
    pub m: usize,
    pub u: u8,
    /// The final absolute score.
    pub score: i64,
    /// The scores at the end.
    pub end: Snapshot,
    /// After each of [`SNAPSHOT_TURNS`] (None past the game's last turn).
    pub snapshots: [Option<Snapshot>; SNAPSHOT_TURNS.len()],
    /// Player 0's moves in each of [`PHASES`].
    pub phases: [MoveMix; PHASES.len()],
    /// Σ V of the levels player 0 took from the leading AI / from the others.
    pub taken_leader: i64,
    pub taken_other: i64,
    /// Σ V of the levels the AIs took from player 0, and of it by the AIs'
    /// greedy moves (r1 ≥ ε: the moves a bot can foresee).
    pub lost: i64,
    pub lost_to_greedy: i64,
    /// Raises of cells that no AI's reach touched (its reach or a cell next
    /// to it, pieces ignored: a cell no AI could attack that turn).
    pub raises_unreachable: u32,
    /// The turn of player 0's first raise (None: it never raised).
    pub first_raise: Option<usize>,
    /// Per AI and turn of [`ROOM_TURNS`]: the cells it may move to, and the
    /// unowned ones among them.
    pub ai_moves: f64,
    pub ai_unowned: f64,
    /// Σ V·L of player 0's cells that some AI may move to, per turn of
    /// [`ROOM_TURNS`].
    pub exposed: f64,
    /// Successful attacks of AIs on other AIs (captures and knocks).
    pub ai_on_ai: u32,
    /// Turns whose leading AI differs from the previous turn's.
    pub leader_changes: u32,
    /// Per ten-turn bin: player 0's successful captures and knocks, raises.
    pub attack_bins: [u32; BINS],
    pub raise_bins: [u32; BINS],
    /// At the end: player 0's cells at level 1, 2, ≥ 3.
    pub end_levels: [u32; 3],
    /// At the end: unowned cells player 0 may move to / some AI may move to.
    pub end_unowned_ours: u32,
    pub end_unowned_ais: u32,
    /// At the end: the leading AI's cells and Σ of their levels.
    pub leader_cells: u32,
    pub leader_levels: u32,
}

/// The leading AI: the highest score among players 1..m, the lowest number
/// among equals (None when there is no AI).
pub fn leader(state: &State, m: usize) -> Option<usize> {
    (1..m).rev().max_by_key(|&p| state.score[p])
}

/// What player 0's move to `dest` did, from the start-of-turn position.
pub fn classify(
    game: &Game,
    before: &State,
    dest: Cell,
    outcome: &Outcome,
    leader: Option<usize>,
) -> MoveKind {
    if outcome.collided & 1 != 0 {
        return MoveKind::Voided;
    }
    let c = dest as usize;
    let level = before.level[c];
    match before.owner[c] {
        NOBODY => MoveKind::Occupy,
        0 if level < game.u => MoveKind::Raise {
            from_high: level >= 2,
        },
        0 => MoveKind::Idle,
        q => {
            let of_leader = leader == Some(q as usize);
            if level == 1 {
                MoveKind::Capture { of_leader }
            } else {
                MoveKind::Knock { of_leader }
            }
        }
    }
}

/// The cells some AI's reach touches: its reach and the cells next to it.
fn ai_zone(state: &State, m: usize) -> Bits {
    (1..m).fold(0, |zone, p| {
        zone | state.reach[p] | neighbours(state.reach[p])
    })
}

fn unowned(state: &State, m: usize) -> Bits {
    ALL & !state.owned[..m].iter().fold(0, |acc, &o| acc | o)
}

/// Σ V·L of the cells of `set`.
fn value_of(game: &Game, state: &State, set: Bits) -> i64 {
    cells(set)
        .map(|c| game.value[c as usize] as i64 * state.level[c as usize] as i64)
        .sum()
}

fn snapshot(state: &State, m: usize) -> Snapshot {
    let ais = &state.score[1..m];
    let mean_ai = ais.iter().map(|&s| s as f64).sum::<f64>() / ais.len().max(1) as f64;
    Snapshot {
        score: absolute_score(state.score[0], state.best_ai_score(m)) as f64,
        s0: state.score[0] as f64,
        best_ai: state.best_ai_score(m) as f64,
        mean_ai,
    }
}

/// The sums over the turns of [`ROOM_TURNS`].
#[derive(Default)]
struct Room {
    ai_turns: u32,
    moves: u32,
    unowned: u32,
    turns: u32,
    exposed: i64,
}

impl Room {
    fn add(&mut self, game: &Game, before: &State) {
        let m = game.m;
        let free = unowned(before, m);
        let mut touched = 0;
        for p in 1..m {
            let legal = legal_moves(before, m, p);
            self.ai_turns += 1;
            self.moves += legal.count_ones();
            self.unowned += (legal & free).count_ones();
            touched |= legal;
        }
        self.turns += 1;
        self.exposed += value_of(game, before, touched & before.owned[0]);
    }
}

fn per(sum: f64, count: u32) -> f64 {
    if count == 0 { 0.0 } else { sum / count as f64 }
}

/// Replays one game and profiles it. `moves` holds player 0's moves, turn
/// by turn (any past the last turn are ignored). Fails when the list is too
/// short or a move is illegal.
pub fn profile_game(
    case: &str,
    input: &ToolInput,
    moves: &[(usize, usize)],
) -> Result<GameProfile> {
    let game = &input.game;
    let m = game.m;
    let mut judge = Judge::new(input.clone());
    let mut profile = GameProfile {
        case: case.to_string(),
        m,
        u: game.u,
        ..GameProfile::default()
    };
    let mut room = Room::default();
    let mut last_leader = None;
    while !judge.finished() {
        let turn = judge.turn() + 1;
        let &(x, y) = moves
            .get(turn - 1)
            .with_context(|| format!("the move list ends before turn {turn}"))?;
        let before = judge.state;
        let lead = leader(&before, m);
        if turn > 1 && lead != last_leader {
            profile.leader_changes += 1;
        }
        last_leader = lead;
        if (ROOM_TURNS.0..=ROOM_TURNS.1).contains(&turn) {
            room.add(game, &before);
        }
        let (feedback, outcome) = judge
            .play(x, y)
            .map_err(|illegal| anyhow::anyhow!("turn {turn}: {illegal}"))?;
        let kind = classify(game, &before, feedback.dest[0], &outcome, lead);
        profile.count_move(game, &before, feedback.dest[0], kind, turn);
        profile.count_ai_moves(input, &before, &feedback.dest, &outcome, turn);
        if let Some(k) = SNAPSHOT_TURNS.iter().position(|&t| t == turn) {
            profile.snapshots[k] = Some(snapshot(&judge.state, m));
        }
    }
    profile.ai_moves = per(room.moves as f64, room.ai_turns);
    profile.ai_unowned = per(room.unowned as f64, room.ai_turns);
    profile.exposed = per(room.exposed as f64, room.turns);
    profile.count_end(game, &judge.state);
    profile.score = judge.score();
    profile.end = snapshot(&judge.state, m);
    Ok(profile)
}

impl GameProfile {
    /// Counts player 0's move of `turn` (1-based).
    fn count_move(&mut self, game: &Game, before: &State, dest: Cell, kind: MoveKind, turn: usize) {
        for (k, &(first, last)) in PHASES.iter().enumerate() {
            if (first..=last).contains(&turn) {
                self.phases[k].add(kind);
            }
        }
        let value = game.value[dest as usize] as i64;
        let bin = (turn - 1) / 10;
        match kind {
            MoveKind::Capture { of_leader } | MoveKind::Knock { of_leader } => {
                if of_leader {
                    self.taken_leader += value;
                } else {
                    self.taken_other += value;
                }
                if bin < BINS {
                    self.attack_bins[bin] += 1;
                }
            }
            MoveKind::Raise { .. } => {
                self.first_raise.get_or_insert(turn);
                if !has(ai_zone(before, game.m), dest) {
                    self.raises_unreachable += 1;
                }
                if bin < BINS {
                    self.raise_bins[bin] += 1;
                }
            }
            _ => {}
        }
    }

    /// Counts the AIs' successful attacks: on player 0 (the value lost, and
    /// of it to greedy moves) and on each other.
    fn count_ai_moves(
        &mut self,
        input: &ToolInput,
        before: &State,
        dest: &[Cell],
        outcome: &Outcome,
        turn: usize,
    ) {
        for (p, &d) in dest.iter().enumerate().take(input.game.m).skip(1) {
            if outcome.collided >> p & 1 != 0 {
                continue;
            }
            let c = d as usize;
            match before.owner[c] {
                0 => {
                    let value = input.game.value[c] as i64;
                    self.lost += value;
                    if input.r[turn - 1][p].0 >= input.params[p].eps {
                        self.lost_to_greedy += value;
                    }
                }
                q if q > 0 && q as usize != p => self.ai_on_ai += 1,
                _ => {}
            }
        }
    }

    /// The figures of the final position.
    fn count_end(&mut self, game: &Game, end: &State) {
        let m = game.m;
        for c in cells(end.owned[0]) {
            let level = end.level[c as usize] as usize;
            self.end_levels[level.clamp(1, 3) - 1] += 1;
        }
        let free = unowned(end, m);
        let ours = end.reach[0] | neighbours(end.reach[0]);
        self.end_unowned_ours = (free & ours).count_ones();
        self.end_unowned_ais = (free & ai_zone(end, m)).count_ones();
        if let Some(q) = leader(end, m) {
            self.leader_cells = end.owned[q].count_ones();
            self.leader_levels = cells(end.owned[q])
                .map(|c| end.level[c as usize] as u32)
                .sum();
        }
    }
}

/// Player 0's moves in a move list as the tester writes it: one `x y` line
/// a turn; empty lines and lines starting with `#` are skipped, as the
/// tester skips them (docs/RULES.md §7).
pub fn parse_moves(text: &str) -> Result<Vec<(usize, usize)>, String> {
    text.lines()
        .map(str::trim)
        .enumerate()
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
        .map(|(k, line)| parse_move(line).map_err(|e| format!("line {}: {e}", k + 1)))
        .collect()
}

/// Where a case's move list is in `dir`: `NAME.out.txt` (as `selfplay
/// --moves`, `eval --moves` and `play` write it), else `NAME.txt`.
pub fn moves_file(dir: &Path, case: &str) -> Option<PathBuf> {
    [format!("{case}.out.txt"), format!("{case}.txt")]
        .into_iter()
        .map(|name| dir.join(name))
        .find(|path| path.is_file())
}

/// The games of one run: the profiled ones, and the cases that could not be
/// profiled with why.
#[derive(Clone, Debug, Default)]
pub struct Run {
    pub name: String,
    pub games: Vec<GameProfile>,
    pub skipped: Vec<(String, String)>,
}

/// Profiles every case whose move list is in `moves_dir`.
pub fn profile_run(name: &str, cases: &[(String, ToolInput)], moves_dir: &Path) -> Run {
    let mut run = Run {
        name: name.to_string(),
        ..Run::default()
    };
    for (case, input) in cases {
        match profile_case(case, input, moves_dir) {
            Ok(game) => run.games.push(game),
            Err(e) => run.skipped.push((case.clone(), format!("{e:#}"))),
        }
    }
    run
}

fn profile_case(case: &str, input: &ToolInput, moves_dir: &Path) -> Result<GameProfile> {
    let path = moves_file(moves_dir, case)
        .with_context(|| format!("no move list {case}.out.txt in {}", moves_dir.display()))?;
    let moves = read_moves(&path)?;
    profile_game(case, input, &moves).with_context(|| format!("{}", path.display()))
}

/// The move list in the file at `path` ([`parse_moves`]), its errors naming
/// the file.
fn read_moves(path: &Path) -> Result<Vec<(usize, usize)>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    parse_moves(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
}

/// The cases' inputs, parsed, in the cases' order.
pub fn load_cases(cases: &[Case]) -> Result<Vec<(String, ToolInput)>> {
    cases
        .iter()
        .map(|case| {
            let text = case.input_text().map_err(anyhow::Error::msg)?;
            let input =
                ToolInput::parse(&text).map_err(|e| anyhow::anyhow!("case {}: {e}", case.name))?;
            Ok((case.name.clone(), input))
        })
        .collect()
}

/// A case replayed from its move list.
pub struct Replayed {
    pub name: String,
    pub input: ToolInput,
    /// Player 0's moves, turn by turn, as the list gives them.
    pub moves: Vec<(usize, usize)>,
    /// The position after each turn, from the start to the game's end.
    pub states: Vec<State>,
}

/// Every case of `cases_dir` that has a move list in `moves_dir`, replayed
/// (for the examples that measure played games): an error for an unreadable
/// folder or file, a move list that ends early or an illegal move.
pub fn replayed_games(cases_dir: &Path, moves_dir: &Path) -> Result<Vec<Replayed>> {
    let mut games = Vec::new();
    for (name, input) in load_cases(&crate::eval::cases::cases_in_dir(cases_dir)?)? {
        let Some(path) = moves_file(moves_dir, &name) else {
            continue;
        };
        let moves = read_moves(&path)?;
        let states =
            replay_states(input.clone(), &moves).with_context(|| format!("{}", path.display()))?;
        games.push(Replayed {
            name,
            input,
            moves,
            states,
        });
    }
    Ok(games)
}

/// The position after each turn of `input` played with player 0's `moves`,
/// from the start to the game's end.
fn replay_states(input: ToolInput, moves: &[(usize, usize)]) -> Result<Vec<State>> {
    let mut judge = Judge::new(input);
    let mut states = vec![judge.state];
    while !judge.finished() {
        let turn = judge.turn() + 1;
        let &(x, y) = (moves.get(turn - 1))
            .with_context(|| format!("the move list ends before turn {turn}"))?;
        (judge.play(x, y)).map_err(|illegal| anyhow::anyhow!("turn {turn}: {illegal}"))?;
        states.push(judge.state);
    }
    Ok(states)
}
