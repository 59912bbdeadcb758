//! The rollout planner: it finds the obviously best move in constructed
//! positions and never proposes an illegal move.

use ahc061::agent::params::Params;
use ahc061::engine::board::{Cell, cell, coords, has};
use ahc061::engine::rules;
use ahc061::engine::state::{Game, State};
use ahc061::opponent::belief::Belief;
use ahc061::policy::base;
use ahc061::policy::duel::TierOrder;
use ahc061::search::candidates::Candidate;
use ahc061::search::clock::Allowance;
use ahc061::search::planner::{Alternative, Config, Decision, Planner};
use ahc061::search::race::{Halving, MIN_CANDIDATES};
use ahc061_sim::judge::Judge;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

mod common;

fn game(m: usize, starts: &[(usize, usize)]) -> Game {
    common::game(m, 500, starts)
}

/// The leader (player 1) holds a valuable level-1 cell next to our piece,
/// away from its own piece, on the last turn: capturing it now is worth far
/// more than anything else (earlier, capturing it a turn later would do).
fn last_turn_capture() -> (Game, State) {
    let mut g = game(3, &[(0, 0), (5, 5), (9, 9)]);
    g.value[cell(0, 1) as usize] = 5000;
    let base = g.initial_state();
    let (mut owner, mut level) = (base.owner, base.level);
    owner[cell(0, 1) as usize] = 1;
    level[cell(0, 1) as usize] = 1;
    let state = g.state_from_grids(&owner, &level, &base.pos, 99);
    (g, state)
}

/// Mutation this catches: `let d = base_value - value;` for `value -
/// base_value` in `Planner::choose` (src/search/planner.rs): the challengers,
/// worse than the capture, then look better, and (0, 0) is played.
#[test]
fn it_takes_the_leaders_only_capturable_level_1_cell() {
    let (g, state) = last_turn_capture();
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let belief = Belief::new(3, 200, &mut rng);
    let mut planner = Planner::new(Config::default(), base::standard(), 9);
    let decision = planner.choose(&g, &state, &belief, Allowance::Rollouts(400));
    assert_eq!(coords(decision.cell), (0, 1), "{:?}", decision.candidates);
}

#[test]
fn it_never_proposes_an_illegal_move_along_recorded_games() {
    for name in ["0030", "0031", "0032"] {
        let input = common::input(name);
        let mut judge = Judge::new(input);
        let mut rng = Pcg64Mcg::seed_from_u64(2);
        let mut belief = Belief::new(judge.input.game.m, 200, &mut rng);
        let mut planner = Planner::new(Config::default(), base::standard(), 5);
        while !judge.finished() {
            let before = judge.state;
            let game = judge.input.game.clone();
            let decision = planner.choose(&game, &before, &belief, Allowance::Rollouts(40));
            assert!(
                rules::is_legal(&before, game.m, 0, decision.cell),
                "case {name} turn {}",
                before.turn + 1
            );
            let (x, y) = coords(decision.cell);
            let (feedback, _) = judge.play(x, y).unwrap();
            belief.observe(&game, &before, &feedback.dest, &mut rng);
        }
    }
}

#[test]
fn a_fixed_amount_of_work_plays_the_same_move_twice() {
    let g = game(4, &[(0, 0), (3, 3), (6, 6), (9, 9)]);
    let state = g.initial_state();
    let belief = Belief::new(4, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let a = Planner::new(Config::default(), base::standard(), 11).choose(
        &g,
        &state,
        &belief,
        Allowance::Rollouts(300),
    );
    let b = Planner::new(Config::default(), base::standard(), 11).choose(
        &g,
        &state,
        &belief,
        Allowance::Rollouts(300),
    );
    assert_eq!(a.cell, b.cell);
    assert_eq!(a.rollouts, b.rollouts);
}

#[test]
fn the_leaf_is_the_objective_at_the_end_and_extrapolates_before_it() {
    use ahc061::search::leaf::{Leaf, objective};
    let g = game(3, &[(0, 0), (5, 5), (9, 9)]);
    let mut root = g.initial_state();
    root.turn = 40;
    root.score[..3].copy_from_slice(&[10_000, 20_000, 5_000]);
    // Ten turns later player 0 gained 10 000 and the leader 2 000.
    let mut leaf = root;
    leaf.turn = 50;
    leaf.score[..3].copy_from_slice(&[20_000, 22_000, 6_000]);
    assert_eq!(Leaf::Objective.value(&g, &root, &leaf), objective(&leaf, 3));
    // At 1 000 and 200 a turn for the 50 turns left: 70 000 against 32 000.
    let expected = (1.0 + 70_000.0 / 32_000.0f64).log2();
    let got = Leaf::Extrapolated.value(&g, &root, &leaf);
    assert!((got - expected).abs() < 1e-12, "{got} vs {expected}");
    // A player whose score falls is extrapolated down, but never below 1.
    leaf.score[1] = 2_000;
    let falling = Leaf::Extrapolated.value(&g, &root, &leaf);
    assert!(falling > got);
    // At the game's end both are the objective.
    leaf.turn = g.turns;
    assert_eq!(
        Leaf::Extrapolated.value(&g, &root, &leaf),
        objective(&leaf, 3)
    );
}

#[test]
fn an_allowance_in_turns_buys_more_of_shorter_rollouts() {
    let g = game(4, &[(0, 0), (3, 3), (6, 6), (9, 9)]);
    let state = g.initial_state();
    let belief = Belief::new(4, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let rollouts = |horizon: usize| {
        let config = Config {
            horizon,
            ..Config::default()
        };
        let planner = &mut Planner::new(config, base::standard(), 11);
        let decision = planner.choose(&g, &state, &belief, Allowance::Turns(6_000));
        // The allowance is spent, overrun by less than a round of the
        // base move's rollouts and one more.
        let overrun = (config.batch + 1) * (horizon as u64 + 1);
        let simulated = decision.simulated_turns;
        assert!((6_000..6_000 + overrun).contains(&simulated), "{simulated}");
        decision.rollouts
    };
    // A rollout from turn 1 simulates the first turn and `horizon` more;
    // an arm that joins the base arm's rollout stops early (a few more).
    let (long, short) = (rollouts(99), rollouts(19));
    assert!((60..=75).contains(&long), "{long}");
    assert!((300..=375).contains(&short), "{short}");
    assert!(short > 4 * long, "{short} against {long}");
}

#[test]
fn a_decision_reports_its_work() {
    // On the last turn, capturing the leader's valuable level-1 cell beats
    // every other move by far, and the planner spends the whole allowance.
    let (g, state) = last_turn_capture();
    let belief = Belief::new(3, 200, &mut Pcg64Mcg::seed_from_u64(1));
    let planner = &mut Planner::new(Config::default(), base::standard(), 9);
    let full = planner.choose(&g, &state, &belief, Allowance::Turns(4_000));
    assert_eq!(coords(full.cell), (0, 1));
    // One simulated turn per rollout on the last turn.
    assert_eq!(full.simulated_turns, full.rollouts);
    assert!(full.simulated_turns >= 4_000, "{}", full.simulated_turns);
}

/// Plays recorded duel `name` for `turns` turns with the planner at
/// `config` and `work` rollouts a turn, and hands each turn's position and
/// decision to `check`.
fn along_a_duel(
    name: &str,
    config: Config,
    work: u64,
    turns: usize,
    check: impl FnMut(&Game, &State, &Decision),
) {
    assert_eq!(common::input(name).game.m, 2, "case {name} is no duel");
    along_a_game(name, config, work, turns, check);
}

/// [`along_a_duel`] on a case of any size.
fn along_a_game(
    name: &str,
    config: Config,
    work: u64,
    turns: usize,
    mut check: impl FnMut(&Game, &State, &Decision),
) {
    let input = common::input(name);
    let m = input.game.m;
    let mut judge = Judge::new(input);
    let mut rng = Pcg64Mcg::seed_from_u64(6);
    let mut belief = Belief::new(m, 200, &mut rng);
    let mut planner = Planner::new(config, base::standard(), 7);
    while !judge.finished() && judge.state.turn < turns {
        let before = judge.state;
        let game = judge.input.game.clone();
        let decision = planner.choose(&game, &before, &belief, Allowance::Rollouts(work));
        check(&game, &before, &decision);
        let (x, y) = coords(decision.cell);
        let (feedback, _) = judge.play(x, y).unwrap();
        belief.observe(&game, &before, &feedback.dest, &mut rng);
    }
}

/// Whether the candidates of `decision` are distinct legal moves, all of
/// them up to `bound` from the base's ranking (plus the AI's destination
/// when it ranked below); returns how many there were.
fn races_up_to(bound: usize, game: &Game, state: &State, decision: &Decision) -> usize {
    let legal = rules::legal_moves(state, game.m, 0);
    let cells: Vec<Cell> = decision.candidates.iter().map(|c| c.cell).collect();
    assert!(
        cells.iter().all(|&c| has(legal, c)),
        "turn {}",
        state.turn + 1
    );
    let mut distinct = cells.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), cells.len(), "turn {}", state.turn + 1);
    let count = legal.count_ones() as usize;
    assert!(
        cells.len() == count.min(bound) || cells.len() == bound + 1,
        "turn {}: {} of {count} legal moves raced, bound {bound}",
        state.turn + 1,
        cells.len()
    );
    cells.len()
}

#[test]
fn the_duel_races_every_legal_first_move_up_to_its_bound() {
    let config = Params::default().planner(2);
    let bound = config.max_candidates;
    assert!(
        bound >= 40,
        "the duel's measured bound (src/agent/params.rs)"
    );
    // Work enough for the whole field (Config::rollouts_per_candidate).
    let work = (bound as f64 * config.rollouts_per_candidate) as u64;
    let mut widest = 0;
    along_a_duel("0018", config, work, 12, |game, state, decision| {
        widest = widest.max(races_up_to(bound, game, state, decision));
    });
    // The old bound of 10 would not have been reached otherwise.
    assert!(
        widest > 10,
        "the duel never had more than {widest} first moves"
    );
}

#[test]
fn with_little_work_the_duel_races_fewer_first_moves() {
    let config = Params::default().planner(2);
    assert!(config.rollouts_per_candidate > 0.0);
    let mut widest = 0;
    along_a_duel("0018", config, 60, 30, |game, state, decision| {
        widest = widest.max(races_up_to(MIN_CANDIDATES, game, state, decision));
    });
    assert!(widest >= MIN_CANDIDATES);
    // The bound off: every legal move up to the duel's 40 again.
    let wide = Config {
        rollouts_per_candidate: 0.0,
        ..config
    };
    along_a_duel("0018", wide, 60, 30, |game, state, decision| {
        races_up_to(wide.max_candidates, game, state, decision);
    });
}

/// The base's arms and the first alternative's (there is no other).
fn arms(decision: &Decision) -> (Vec<&Candidate>, Vec<&Candidate>) {
    let (ours, theirs): (Vec<&Candidate>, Vec<&Candidate>) =
        decision.candidates.iter().partition(|c| c.policy == 0);
    assert!(theirs.iter().all(|c| c.policy == 1));
    (ours, theirs)
}

#[test]
fn an_alternative_continuation_races_each_first_move_again() {
    let order = TierOrder::parse("0236514").unwrap();
    let mut config = Params::default().planner(2);
    config.alternatives = [Some(Alternative::Duel(order)), None];
    // On whatever the turn's work (the default waits for work to spare).
    config.alternatives_from = 0.0;
    let mut left_the_base = 0;
    along_a_duel("0020", config, 60, 100, |game, state, decision| {
        let (ours, theirs) = arms(decision);
        // The alternative's own move first, then each of the base's.
        let mut again: Vec<Cell> = theirs.iter().map(|c| c.cell).collect();
        let own = again.remove(0);
        let mut base: Vec<Cell> = ours.iter().map(|c| c.cell).filter(|&c| c != own).collect();
        again.sort_unstable();
        base.sort_unstable();
        assert_eq!(again, base, "turn {}", state.turn + 1);
        assert!(rules::is_legal(state, game.m, 0, own));
        left_the_base += (decision.cell != ours[0].cell) as usize;
    });
    assert!(left_the_base > 0, "the race never left the base move");
}

#[test]
fn the_alternatives_race_only_on_a_turn_with_work_to_spare() {
    let order = TierOrder::parse("0235461").unwrap();
    let mut config = Params::default().planner(2);
    config.alternatives = [Some(Alternative::Duel(order)), None];
    config.alternatives_from = 100.0;
    let raced = |work: u64| {
        let mut turns_with_them = 0;
        along_a_duel("0020", config, work, 10, |_, _, decision| {
            turns_with_them += decision.candidates.iter().any(|c| c.policy == 1) as usize;
        });
        turns_with_them
    };
    assert_eq!(raced(99), 0, "below the threshold: the base's arms alone");
    assert_eq!(raced(100), 10, "from the threshold on: on every turn");
}

#[test]
fn the_hunt_races_each_first_move_again_with_two_ais_or_more() {
    // Case 0007: M = 3. The default's hunt of every AI, on any turn's work.
    let mut config = Params::default().planner(3);
    assert!(matches!(config.alternatives[0], Some(Alternative::Hunt(_))));
    config.alternatives_from = 0.0;
    let mut hunts_won = 0;
    along_a_game("0007", config, 200, 30, |game, state, decision| {
        let (ours, theirs) = arms(decision);
        assert_eq!(
            theirs.len(),
            ours.len() + 1 - ours.iter().any(|c| c.cell == theirs[0].cell) as usize
        );
        assert!(rules::is_legal(state, game.m, 0, theirs[0].cell));
        let best = (decision.candidates.iter().filter(|c| !c.cut))
            .max_by(|a, b| a.mean().total_cmp(&b.mean()))
            .unwrap();
        hunts_won += (best.policy == 1 && decision.cell == best.cell) as usize;
    });
    assert!(
        hunts_won > 0,
        "no turn played a first move the hunt raced best"
    );
    // Below the default's threshold, the base's arms alone.
    let below = Params::default().planner(3);
    along_a_game("0007", below, 200, 5, |_, _, decision| {
        assert!(decision.candidates.iter().all(|c| c.policy == 0));
    });
}

#[test]
fn the_race_ends_on_as_many_challengers_as_it_keeps_to_the_finish() {
    // With work to spare, the cuts leave `finalists` challengers and they
    // share the rest of the turn's rollouts: they alone are within one
    // batch of the most rollouts any challenger got.
    for finalists in [1, 3] {
        let config = Config {
            finalists,
            ..Params::default().planner(2)
        };
        along_a_duel("0018", config, 3000, 12, |_, state, decision| {
            let challengers = &decision.candidates[1..];
            let most = challengers.iter().map(|c| c.rollouts).max().unwrap_or(0);
            let leading = challengers
                .iter()
                .filter(|c| c.rollouts + config.batch >= most)
                .count();
            assert_eq!(
                leading,
                finalists.min(challengers.len()),
                "turn {}: {finalists} finalists",
                state.turn + 1
            );
        });
    }
}

/// The bot's own duel planner (its real settings, src/agent/params.rs) and its
/// decision in `state` against the attacker, with work for its whole field
/// and its alternative continuation.
/// The two positions below (tests/common) are those the duel's tree search
/// was tested on (removed in issue 26); the plan's parry already plays the
/// right move in both, so what they check is that the race over 40
/// challengers and two continuations, each judged by 20-turn rollouts,
/// does not switch away from it.
fn duel_decision(game: &Game, state: &State) -> Decision {
    let config = Params::default().planner(2);
    // About what a turn affords in real time: the alternatives race too.
    let work = 4000;
    assert!(work as f64 >= config.alternatives_from);
    let belief = Belief::known(&[ahc061::engine::ai::NO_PARAMS, common::ATTACKER]);
    let mut planner = Planner::new(config, base::standard(), 3);
    planner.choose(game, state, &belief, Allowance::Rollouts(work))
}

#[test]
fn the_duel_stands_on_the_cell_the_ai_is_about_to_attack() {
    let lesson = common::parry_lesson();
    let (game, state) = (&lesson.game, &lesson.state);
    assert_eq!(ahc061::policy::greedy::choose(game, state), lesson.greedy);
    let decision = duel_decision(game, state);
    assert_eq!(lesson.right, [decision.cell], "{:?}", decision.candidates);
}

#[test]
fn the_duel_keeps_a_cell_a_capture_two_turns_away_threatens() {
    let lesson = common::threatened_cell_lesson();
    let (game, state) = (&lesson.game, &lesson.state);
    assert_eq!(ahc061::policy::greedy::choose(game, state), lesson.greedy);
    let decision = duel_decision(game, state);
    assert!(
        lesson.right.contains(&decision.cell),
        "{:?}",
        decision.candidates
    );
}

/// Player 0 at (0, 0) owns (0, 1) at level 1; AI 1 (piece at (5, 5)) owns
/// (1, 0) at level 1 and (0, 2) at level 2; AI 2 sits far away at (9, 9).
/// (0, 1) is out of every AI's reach.
fn borders_two_ais() -> (Game, State) {
    let g = game(3, &[(0, 0), (5, 5), (9, 9)]);
    let base = g.initial_state();
    let (mut owner, mut level) = (base.owner, base.level);
    for (i, j, o, l) in [(0, 1, 0, 1), (1, 0, 1, 1), (0, 2, 1, 2)] {
        owner[cell(i, j) as usize] = o;
        level[cell(i, j) as usize] = l;
    }
    let state = g.state_from_grids(&owner, &level, &base.pos, 0);
    (g, state)
}

/// The cells a planner of `config` (its ranking cut to the base's move)
/// races in `state`, the base's move first.
fn raced_cells(g: &Game, state: &State, config: Config) -> Vec<Cell> {
    let belief = Belief::new(3, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let config = Config {
        max_candidates: 1,
        ..config
    };
    let planner = Planner::new(config, base::standard(), 3);
    (planner.rank_candidates(g, state, &belief).iter())
        .map(|c| c.cell)
        .collect()
}

#[test]
fn with_attacks_on_every_legal_attack_on_an_ai_is_a_candidate() {
    let (g, state) = borders_two_ais();
    let candidates = |attacks: bool| {
        raced_cells(
            &g,
            &state,
            Config {
                attack_candidates: attacks,
                ..Config::default()
            },
        )
    };
    assert_eq!(candidates(false).len(), 1);
    let with = candidates(true);
    for (i, j) in [(1, 0), (0, 2)] {
        assert!(with.contains(&cell(i, j)), "({i}, {j}) in {with:?}");
    }
    assert!(with.len() <= 3, "{with:?}");
}

#[test]
fn the_decision_says_which_candidates_the_race_cut_and_the_threshold() {
    // With work to spare the cuts leave one finalist: every other
    // challenger is marked cut, the base move never is, and the move
    // played is the base's or the finalist's.
    let config = Params::default().planner(2);
    let mut cut_seen = 0;
    along_a_duel("0018", config, 3000, 12, |_, state, decision| {
        let turn = state.turn + 1;
        assert_eq!(decision.threshold, config.switch_z, "turn {turn}");
        let (base, challengers) = decision.candidates.split_first().unwrap();
        assert!(!base.cut, "turn {turn}");
        let racing: Vec<_> = challengers.iter().filter(|c| !c.cut).collect();
        assert_eq!(
            racing.len(),
            config.finalists.min(challengers.len()),
            "turn {turn}"
        );
        let playable = |c: &&Candidate| !c.cut && c.cell == decision.cell;
        assert!(
            decision.candidates.iter().any(|c| playable(&c)),
            "turn {turn}"
        );
        cut_seen += challengers.len() - racing.len();
    });
    assert!(cut_seen > 0);
}

#[test]
fn halving_by_work_ends_the_race_on_its_finalists_on_a_short_turn() {
    // 300 rollouts for twenty-odd challengers: cut every three rounds, the
    // race is still wide when the turn ends (ten or more left here); with
    // the cuts spread over the turn's work (sequential halving) it is down
    // to its finalist or the one before (a round's batch is the grain).
    let racing_at_the_end = |halving: Halving| {
        let config = Config {
            halving,
            ..Params::default().planner(2)
        };
        let mut widest = 0;
        along_a_duel("0018", config, 300, 30, |_, _, decision| {
            let challengers = &decision.candidates[1..];
            let racing = challengers.iter().filter(|c| !c.cut).count();
            widest = widest.max(racing);
        });
        widest
    };
    let work = racing_at_the_end(Halving::Work);
    let rounds = racing_at_the_end(Halving::Rounds);
    assert!(work <= 2, "{work} racing at the end");
    assert!(rounds > 2 * work, "{rounds} racing at the end by rounds");
}

#[test]
fn the_continuation_plays_the_rollouts_and_the_base_still_ranks() {
    // The same position, seeds and work: with the hand-tuned continuation
    // the planner races the same candidates (the base's ranking and
    // attacks), but its rollouts play another policy after the first move,
    // so the differences it measures are other ones.
    let (g, state) = borders_two_ais();
    let belief = Belief::new(3, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let decide = |continuation: Option<Box<dyn base::BasePolicy>>| {
        let mut planner = Planner::new(Params::default().planner(3), base::standard(), 3);
        planner.continuation = continuation;
        planner.choose(&g, &state, &belief, Allowance::Rollouts(200))
    };
    let (ours, hand) = (decide(None), decide(Some(Box::new(base::HandTuned))));
    let cells = |d: &Decision| {
        let mut cells: Vec<Cell> = d.candidates.iter().map(|c| c.cell).collect();
        cells.sort();
        cells
    };
    assert_eq!(ours.candidates[0].cell, hand.candidates[0].cell);
    assert_eq!(cells(&ours), cells(&hand));
    assert!(ours.candidates.len() > 2, "{:?}", cells(&ours));
    let tallies = |d: &Decision| {
        let mut t: Vec<(Cell, u64)> = d
            .candidates
            .iter()
            .map(|c| (c.cell, c.diff.to_bits()))
            .collect();
        t.sort();
        t
    };
    assert_ne!(tallies(&ours), tallies(&hand));
}

/// A policy that stays put (always legal) and counts how often it played.
struct Counting(std::sync::atomic::AtomicUsize);

impl base::BasePolicy for Counting {
    fn choose(&self, _: &Game, state: &State, _: &base::AiView) -> Cell {
        self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        state.pos[0]
    }

    fn rank(&self, game: &Game, state: &State, ais: &base::AiView) -> base::Ranking {
        base::Ranking {
            base: self.choose(game, state, ais),
            worth: Vec::new(),
        }
    }
}

#[test]
fn a_relay_plays_its_first_move_then_the_lead_for_its_turns_then_the_base() {
    use ahc061::search::rollout::{Relay, SampledAis, play_out};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let (g, state) = borders_two_ais();
    let belief = Belief::new(3, 50, &mut Pcg64Mcg::seed_from_u64(4));
    let (lead, base) = (Counting(AtomicUsize::new(0)), Counting(AtomicUsize::new(0)));
    let mut us = Relay {
        first: Some(state.pos[0]),
        lead: &lead,
        lead_turns: 2,
        base: &base,
    };
    let mut ais = SampledAis::new(&g, &belief, 9);
    // Six simulated turns: the first move, two of the lead's, three of the base's.
    let end = play_out(&g, &state, state.turn + 6, &mut us, &mut ais);
    assert_eq!(end.turn, state.turn + 6);
    assert_eq!(lead.0.load(Ordering::Relaxed), 2);
    assert_eq!(base.0.load(Ordering::Relaxed), 3);
}

#[test]
fn an_alternatives_turns_change_its_arms_only() {
    // The hunt raced on a constructed three-player position: with the hunt
    // handing over to the base after two simulated turns, the base's arms
    // measure the same values on the same seeds and the hunt's other ones.
    let (g, state) = borders_two_ais();
    let belief = Belief::new(3, 100, &mut Pcg64Mcg::seed_from_u64(4));
    let decide = |turns: usize| {
        let config = Config {
            alternatives_from: 0.0,
            alternative_turns: turns,
            halving: Halving::Rounds,
            halve_every: 1000,
            ..Params::default().planner(3)
        };
        let mut planner = Planner::new(config, base::standard(), 3);
        planner.choose(&g, &state, &belief, Allowance::Rollouts(400))
    };
    let (whole, relayed) = (decide(0), decide(2));
    let tallies = |d: &Decision, policy: usize| {
        let mut t: Vec<(Cell, u64, u64)> = (d.candidates.iter())
            .filter(|c| c.policy == policy)
            .map(|c| (c.cell, c.rollouts, c.diff.to_bits()))
            .collect();
        t.sort();
        t
    };
    assert!(tallies(&whole, 1).len() > 2, "the hunt did not race");
    assert_eq!(tallies(&whole, 0), tallies(&relayed, 0));
    assert_ne!(tallies(&whole, 1), tallies(&relayed, 1));
}

#[test]
fn an_arm_that_joins_an_earlier_arm_s_rollout_ends_as_it_does() {
    // Along a recorded game of three players: on each seed every first
    // move's rollout (the base move's first) is played beside the earlier
    // ones, and one that reaches a position an earlier one had after the
    // same turn would have played on to that one's very leaf.
    use ahc061::search::rollout::{Outcome, Relay, SampledAis, Trail, Trails, play_out_along};
    let config = Params::default().planner(3);
    let policy = base::standard();
    let (mut joined, mut joined_a_challenger, mut rollouts) = (0, 0, 0);
    along_a_game("0012", config, 40, 30, |game, state, decision| {
        let belief = Belief::new(game.m, 50, &mut Pcg64Mcg::seed_from_u64(state.turn as u64));
        let end = state.turn + 1 + config.horizon;
        let base_move = decision.candidates[0].cell;
        let others = ahc061::engine::board::cells(rules::legal_moves(state, game.m, 0));
        let firsts: Vec<Cell> = std::iter::once(base_move)
            .chain(others.filter(|&c| c != base_move))
            .collect();
        for seed in 0..4u64 {
            let play = |first: Cell, trail: Trail| {
                let mut us = Relay::first_then(first, &*policy);
                let mut ais = SampledAis::new(game, &belief, seed);
                play_out_along(game, state, end, &mut us, &mut ais, trail)
            };
            let mut trails = Trails::default();
            let mut leaves: Vec<State> = Vec::new();
            for (number, &first) in firsts.iter().enumerate() {
                rollouts += 1;
                let leaf = match play(first, Trail::Along(&mut trails, number)) {
                    Outcome::Leaf(leaf) => leaf,
                    Outcome::Joined { turns, rollout } => {
                        assert!(rollout < number, "joined rollout {rollout} from {number}");
                        assert!(turns <= end.min(game.turns) - state.turn);
                        joined += 1;
                        joined_a_challenger += (rollout > 0) as usize;
                        let Outcome::Leaf(leaf) = play(first, Trail::Off) else {
                            panic!("a rollout without a trail joined one");
                        };
                        assert_eq!(
                            leaf,
                            leaves[rollout],
                            "turn {}, first {first}",
                            state.turn + 1
                        );
                        leaf
                    }
                };
                leaves.push(leaf);
            }
        }
    });
    assert!(joined * 20 > rollouts, "{joined} of {rollouts} joined");
    assert!(
        joined_a_challenger > 0,
        "no arm joined another than the base's"
    );
}

#[test]
fn a_rollout_from_its_seed_s_opening_plays_as_from_its_ais() {
    // The AIs' first turn, played once per seed and copied, leaves every
    // rollout as it was: along a recorded game of six players, each first
    // move reaches the same leaf both ways.
    use ahc061::search::rollout::{
        Opening, Outcome, Relay, SampledAis, Trail, play_out, play_out_opened,
    };
    let config = Params::default().planner(6);
    let policy = base::standard();
    let mut rollouts = 0;
    along_a_game("0003", config, 40, 30, |game, state, _| {
        let belief = Belief::new(game.m, 50, &mut Pcg64Mcg::seed_from_u64(state.turn as u64));
        let end = state.turn + 1 + config.horizon;
        for seed in 0..3u64 {
            let opening = Opening::new(game, state, SampledAis::new(game, &belief, seed));
            for first in ahc061::engine::board::cells(rules::legal_moves(state, game.m, 0)) {
                let mut us = Relay::first_then(first, &*policy);
                let mut ais = SampledAis::new(game, &belief, seed);
                let plain = play_out(game, state, end, &mut us, &mut ais);
                let mut us = Relay::first_then(first, &*policy);
                let opened = play_out_opened(game, state, end, &mut us, &opening, Trail::Off);
                let Outcome::Leaf(opened) = opened else {
                    panic!("a rollout without a trail joined one");
                };
                assert_eq!(plain, opened, "turn {}, first {first}", state.turn + 1);
                rollouts += 1;
            }
        }
    });
    assert!(rollouts > 100, "{rollouts} rollouts");
}

#[test]
fn a_turn_counts_the_simulated_turns_its_rollouts_played() {
    // An arm that joins an earlier arm's rollout stops there: a turn's
    // simulated turns are at most its rollouts' full length, and fewer
    // once some arm joined.
    let config = Params::default().planner(6);
    let mut saved = 0;
    along_a_game("0003", config, 200, 20, |game, state, decision| {
        let length = (state.turn + 1 + config.horizon).min(game.turns) - state.turn;
        // A rollout that reaches its leaf is also charged the leaf's cost.
        let full = decision.rollouts * (length as u64 + config.leaf.cost_in_turns());
        assert!(decision.simulated_turns <= full, "turn {}", state.turn + 1);
        saved += (decision.simulated_turns < full) as usize;
    });
    assert!(saved > 10, "joins saved work on {saved} turns of 20");
}
