//! The engine protocol against the real binary: the transcripts of `protocol.md`, thousands
//! of random and mutated lines, and whole games for every preset.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::process::EngineProcess;
use stratagem::board::{Color, Position, Setup};
use stratagem::rng::Rng;
use stratagem::view::PublicMove;

const WAIT: Duration = Duration::from_secs(20);

/// `*` matches any text of one character or more.
fn glob(pattern: &str, text: &str) -> bool {
    match pattern.split_once('*') {
        None => pattern == text,
        Some((head, tail)) => {
            let Some(rest) = text.strip_prefix(head) else {
                return false;
            };
            (1..=rest.len())
                .filter(|&i| rest.is_char_boundary(i))
                .any(|i| glob(tail, &rest[i..]))
        }
    }
}

#[test]
fn transcripts_in_protocol_md_replay() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/protocol.md"))
        .expect("protocol.md");
    let blocks: Vec<&str> = doc
        .split("```transcript\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .collect();
    assert!(blocks.len() >= 3, "protocol.md has transcripts");
    for block in blocks {
        let mut engine = EngineProcess::start();
        let lines: Vec<&str> = block.lines().collect();
        let mut i = 0;
        while i < lines.len() {
            let line = lines[i];
            if let Some(cmd) = line.strip_prefix("> ") {
                engine.send(cmd);
            } else if line == "< ..." {
                // Send the commands up to the next expected line, then skip output until
                // that line matches.
                let j = (i + 1..lines.len())
                    .find(|&j| lines[j].starts_with("< "))
                    .expect("'< ...' is followed by an expected line");
                for cmd in lines[i + 1..j].iter().filter_map(|l| l.strip_prefix("> ")) {
                    engine.send(cmd);
                }
                let next = &lines[j][2..];
                loop {
                    let got = engine
                        .next_line(WAIT)
                        .unwrap_or_else(|| panic!("waiting for '{next}'"));
                    if glob(next, &got) {
                        break;
                    }
                }
                i = j;
            } else if let Some(expected) = line.strip_prefix("< ") {
                let got = engine
                    .next_line(WAIT)
                    .unwrap_or_else(|| panic!("waiting for '{expected}'"));
                assert!(glob(expected, &got), "expected '{expected}', got '{got}'");
            }
            i += 1;
        }
        if !block.contains("> quit") {
            engine.sync();
        }
        assert!(engine.finish());
    }
}

#[test]
fn glob_matches_as_documented() {
    assert!(glob("a * c", "a b b c"));
    assert!(glob("bestmove *", "bestmove e4e5"));
    assert!(!glob("bestmove *", "bestmove "));
    assert!(glob("x", "x"));
    assert!(!glob("x*", "y"));
    assert!(glob(
        "info string error: own setup: *",
        "info string error: own setup: 3 rows"
    ));
}

/// Valid commands to mutate.
const SEEDS: [&str; 15] = [
    "sei",
    "isready",
    "setoption name Variant value duel",
    "setoption name two-squares value 2",
    "setoption name Threads value 2",
    "newgame",
    "position red setup B25424222B/64X8592745/363FS36B22/7B837B63B5 moves b4b6 a7a6 b6b7x2X<",
    "position full bF........./........../........../........../..__..__../..__..__../........../........../........../r2........rF r 0",
    "go depth 1",
    "go setup",
    "go perft 1",
    "d",
    "d all",
    "legal",
    "eval",
];

#[test]
fn random_and_mutated_lines_never_kill_the_engine() {
    let mut engine = EngineProcess::start();
    let mut rng = Rng::new(2026);
    let alphabet: Vec<char> = "abcdefghijklmnopqrstuvwxyz0123456789 ?/.<>=x-+*_XSBF\t"
        .chars()
        .collect();
    for round in 0..4000 {
        let mut line: Vec<char> = if rng.below(3) == 0 {
            (0..rng.below(60))
                .map(|_| alphabet[rng.below(alphabet.len())])
                .collect()
        } else {
            SEEDS[rng.below(SEEDS.len())].chars().collect()
        };
        for _ in 0..rng.below(4) {
            if line.is_empty() {
                break;
            }
            let at = rng.below(line.len());
            match rng.below(3) {
                0 => {
                    line.remove(at);
                }
                1 => line.insert(at, alphabet[rng.below(alphabet.len())]),
                _ => line[at] = alphabet[rng.below(alphabet.len())],
            }
        }
        let text: String = line.into_iter().collect();
        // Never start an unbounded search or quit: those are not what is tested here.
        if text.trim() == "quit"
            || text.starts_with("go")
                && !text.contains("depth")
                && !text.contains("setup")
                && !text.contains("perft")
        {
            continue;
        }
        engine.send(&text);
        if text.starts_with("go") {
            engine.send("stop");
        }
        if round % 500 == 0 {
            engine.send_bytes(b"\xff\xfe garbage \x00 bytes\n");
            engine.send(&"x".repeat(100_000));
            engine.sync();
        }
    }
    engine.send("stop");
    engine.sync();
    assert!(engine.finish());
}

/// Plays a whole game between two engine processes through the protocol, with the test as
/// the referee, for every preset.
#[test]
fn whole_games_through_the_protocol_for_every_preset() {
    for variant in common::playable() {
        let rules = common::rules(variant, &["ply-limit=160"]);
        let mut engines = [EngineProcess::start(), EngineProcess::start()];
        let mut setups = Vec::new();
        for (i, e) in engines.iter_mut().enumerate() {
            e.send(&format!("setoption name Variant value {variant}"));
            e.send("setoption name ply-limit value 160");
            e.send(&format!("setoption name Seed value {}", i + 1));
            e.send("go setup");
            let line = e.expect_prefix("bestsetup ", WAIT);
            let setup: Setup = line["bestsetup ".len()..].parse().expect("a setup");
            setups.push(setup);
        }
        let mut truth =
            Position::from_setups(Arc::clone(&rules), &setups[0], &setups[1], Color::Red)
                .expect("engine setups are valid");
        // Each side's view of the other's starting occupancy.
        let occupancy = |color: Color| -> String {
            let g = rules.geometry();
            (0..g.home_rows())
                .map(|r| {
                    (0..g.width())
                        .map(|c| {
                            let sq = g.home_square(color, r, c).expect("zone square");
                            if truth.cell(sq).is_piece() {
                                '?'
                            } else {
                                '.'
                            }
                        })
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("/")
        };
        let occ = [occupancy(Color::Red), occupancy(Color::Blue)];
        let mut history: Vec<String> = Vec::new();
        let mut rng = Rng::new(5);
        while truth.game_end().is_none() {
            let side = truth.side_to_move();
            let e = &mut engines[side.index()];
            e.send(&format!(
                "position {} first red setup {} opponent {} moves {}",
                side.name(),
                setups[side.index()],
                occ[side.opponent().index()],
                history.join(" ")
            ));
            e.send(&format!("go depth {}", 1 + rng.below(2)));
            let line = e.expect_prefix("bestmove ", WAIT);
            let text = &line["bestmove ".len()..];
            let m = truth
                .parse_move(text)
                .unwrap_or_else(|err| panic!("{variant}: {err} in {truth}"));
            history.push(PublicMove::observe(&truth, m).display(&rules).to_string());
            truth.play_unchecked(m);
        }
        assert!(truth.ply() > 0, "{variant}");
        for e in engines {
            assert!(e.finish());
        }
    }
}

#[test]
fn the_greedy_baseline_takes_a_battle_it_expects_to_win() {
    let rules = common::rules("classic", &[]);
    let pieces = [
        ("a1", "rF"),
        ("e4", "r9"),
        ("e5", "b2*"),
        ("h8", "b3"),
        ("j10", "bF"),
        ("b2", "r2"),
    ];
    let text = common::position_text(&rules, &pieces, "r 0");
    let mut engine = EngineProcess::start();
    engine.send("setoption name Player value greedy");
    engine.send(&format!("position full {text}"));
    for seed in 0..5 {
        engine.send(&format!("setoption name Seed value {seed}"));
        engine.send("go depth 1");
        assert_eq!(engine.expect_prefix("bestmove ", WAIT), "bestmove e4e5");
    }
    // With nothing it expects to win it plays some legal move.
    let pieces = [("a1", "rF"), ("e4", "r2"), ("e5", "b9*"), ("j10", "bF")];
    engine.send(&format!(
        "position full {}",
        common::position_text(&rules, &pieces, "r 0")
    ));
    engine.send("legal");
    let legal = engine.expect_prefix("legal ", WAIT);
    engine.send("go depth 1");
    let best = engine.expect_prefix("bestmove ", WAIT);
    let best = &best["bestmove ".len()..];
    assert!(
        legal.split_whitespace().skip(1).any(|m| m == best),
        "{best} not in {legal}"
    );
    assert!(engine.finish());
}

#[test]
fn the_classic_baseline_takes_sure_wins_runs_from_known_threats_and_never_gambles() {
    let rules = common::rules("classic", &[]);
    let mut engine = EngineProcess::start();
    engine.send("setoption name Player value classic");
    let mut best_for = |pieces: &[(&str, &str)], seed: u64| -> String {
        engine.send(&format!(
            "position full {}",
            common::position_text(&rules, pieces, "r 0")
        ));
        engine.send(&format!("setoption name Seed value {seed}"));
        engine.send("go depth 1");
        engine.expect_prefix("bestmove ", WAIT)["bestmove ".len()..].to_string()
    };
    for seed in 0..4 {
        // A sure win: the General takes a revealed Colonel.
        let win = [("a1", "rF"), ("e4", "r9"), ("e5", "b8*"), ("j10", "bF")];
        assert_eq!(best_for(&win, seed), "e4e5");
        // The revealed Marshal next to the General: the General steps out of reach.
        let threat = [("a1", "rF"), ("e4", "r9"), ("e5", "bX+*"), ("j10", "bF")];
        let m = best_for(&threat, seed);
        assert!(m.starts_with("e4") && m != "e4e5", "{m}");
        // A piece that may be a Bomb: the General does not attack it.
        let unknown = [
            ("a1", "rF"),
            ("e4", "r9"),
            ("e5", "b3"),
            ("i10", "bB"),
            ("j10", "bF"),
        ];
        assert_ne!(best_for(&unknown, seed), "e4e5");
    }
    assert!(engine.finish());
}

#[test]
fn weaker_levels_vary_their_choice_and_full_strength_does_not() {
    let mut engine = EngineProcess::start();
    engine.send(
        "position red setup B25424222B/64X8592745/363FS36B22/7B837B63B5 moves b4b6 a7a6 b6b7x2X< a6a5",
    );
    let mut choices = |strength: u32| -> std::collections::BTreeSet<String> {
        engine.send(&format!("setoption name Strength value {strength}"));
        (0..12)
            .map(|seed| {
                engine.send(&format!("setoption name Seed value {seed}"));
                engine.send("go depth 1");
                engine.expect_prefix("bestmove ", WAIT)
            })
            .collect()
    };
    let weak = choices(1);
    assert!(weak.len() >= 3, "{weak:?}");
    let full = choices(100);
    assert!(full.len() < weak.len(), "{full:?} {weak:?}");
    assert!(engine.finish());
}

/// The lines the engine writes before answering `isready`.
fn lines_until_ready(engine: &mut EngineProcess) -> Vec<String> {
    engine.send("isready");
    let mut lines = Vec::new();
    loop {
        match engine.next_line(WAIT) {
            Some(l) if l == "readyok" => return lines,
            Some(l) => lines.push(l),
            None => panic!("no readyok; got {lines:#?}"),
        }
    }
}

/// The belief `d` gives kind `letter` on `square` (0 when it is not among the four likeliest).
fn belief_of(lines: &[String], square: &str, letter: char) -> f64 {
    let prefix = format!("info string belief {square}: ");
    let line = lines
        .iter()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no belief for {square} in {lines:#?}"));
    line.split(", ")
        .find_map(|item| {
            let (l, p) = item.split_once(' ')?;
            (l.starts_with(letter)).then(|| p.trim_end_matches('%').parse::<f64>().ok())?
        })
        .unwrap_or(0.0)
}

#[test]
fn the_engine_remembers_an_opponents_setup_from_one_game_to_the_next() {
    const GAME_1: &str = "position red first red setup \
        2222222233/3334444555/5666677788/9XSBBBBBBF moves a4a7x2B< b7b6";
    // Another game: our own setup differs, the enemy's is not known yet.
    const GAME_2: &str = "position red first red setup 2222222233/3334444555/5666677788/9XSBBBBBFB";
    let mut engine = EngineProcess::start();
    engine.send("setoption name Opponent value bot");
    engine.send(GAME_2);
    engine.send("d");
    let before = lines_until_ready(&mut engine);
    let fresh = belief_of(&before, "a7", 'B');
    assert!(!before.iter().any(|l| l.contains("memory:")), "{before:#?}");
    // Game 1 showed a Bomb on a7 (our Scout hit it).
    engine.send("newgame");
    engine.send(GAME_1);
    engine.send("newgame");
    engine.send(GAME_2);
    engine.send("d");
    let after = lines_until_ready(&mut engine);
    let remembered = belief_of(&after, "a7", 'B');
    assert!(
        after
            .iter()
            .any(|l| l.starts_with("info string memory: 1 earlier games")),
        "{after:#?}"
    );
    assert!(remembered > 2.0 * fresh.max(5.0), "{fresh} -> {remembered}");
    // Another opponent, or memory switched off: the fresh belief again.
    for setting in ["Opponent value someone else", "Memory value false"] {
        engine.send(&format!("setoption name {setting}"));
        engine.send(GAME_2);
        engine.send("d");
        let lines = lines_until_ready(&mut engine);
        assert!(!lines.iter().any(|l| l.contains("memory:")), "{lines:#?}");
        assert!(
            belief_of(&lines, "a7", 'B') < remembered / 2.0,
            "{lines:#?}"
        );
    }
    assert!(engine.finish());
    // With a memory file, the next run remembers too; the game in progress at `quit`
    // counts.
    let file = std::env::temp_dir().join(format!("stratagem-memory-{}", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let set_file = format!("setoption name Memory File value {}", file.display());
    let mut engine = EngineProcess::start();
    engine.send(&set_file);
    engine.send("setoption name Opponent value bot");
    engine.send(GAME_1);
    engine.send("quit");
    assert!(engine.finish());
    let mut engine = EngineProcess::start();
    engine.send(&set_file);
    engine.send("setoption name Opponent value bot");
    engine.send(GAME_2);
    engine.send("d");
    let lines = lines_until_ready(&mut engine);
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string memory: 1 earlier games")),
        "{lines:#?}"
    );
    assert_eq!(belief_of(&lines, "a7", 'B'), remembered);
    assert!(engine.finish());
    let _ = std::fs::remove_file(&file);
}

#[test]
fn bomb_habits_is_on_by_default_and_d_shows_its_levels_only_when_on() {
    // The enemy has moved six pieces of its front row: none of them is a Bomb.
    const GAME: &str = "position red first red setup \
        2222222233/3334444555/5666677788/9XSBBBBBBF moves a4a5 a7a6 b4b5 b7b6 e4e5 e7e6 \
        f4f5 f7f6 i4i5 i7i6 j4j5 j7j6";
    let mut engine = EngineProcess::start();
    let announced = announced_options(&mut engine);
    assert!(
        announced.contains(&"option name Bomb Habits type check default true".to_string()),
        "{announced:#?}"
    );
    engine.send(GAME);
    engine.send("d");
    let on = lines_until_ready(&mut engine);
    let line = on
        .iter()
        .find_map(|l| l.strip_prefix("info string bomb placement sharpness: "))
        .unwrap_or_else(|| panic!("{on:#?}"));
    let total: f64 = line
        .split(", ")
        .filter_map(|item| {
            item.split_once(' ')?
                .1
                .trim_end_matches('%')
                .parse::<f64>()
                .ok()
        })
        .sum();
    assert_eq!(line.split(", ").count(), 5, "{line}");
    assert!((total - 100.0).abs() <= 3.0, "{line}");
    refuses_a_non_check(&mut engine, "Bomb Habits");
    engine.send("setoption name Bomb Habits value false");
    engine.send(GAME);
    engine.send("d");
    let off = lines_until_ready(&mut engine);
    assert!(!off.iter().any(|l| l.contains("sharpness")), "{off:#?}");
    assert!(engine.finish());
}

/// `d` counts the enemy's attacks on our unidentified pieces that it could not have made
/// knowingly, won or lost (a Scout's probe and an attack on an identified piece are not),
/// and says how the search plays the enemy: blindly from the first.
#[test]
fn d_counts_the_enemys_blind_attacks() {
    let game = |moves: &str| {
        format!(
            "position red first red setup 62X862B4B2/827S927B4B/72653265B4/335F52343B moves \
             a4a5 a7a6 e4e5 {moves}"
        )
    };
    let enemy_line = |engine: &mut EngineProcess| {
        engine.send("d");
        let lines = lines_until_ready(engine);
        lines
            .iter()
            .find_map(|l| l.strip_prefix("info string enemy attacks made blindly: "))
            .unwrap_or_else(|| panic!("{lines:#?}"))
            .to_string()
    };
    let mut engine = EngineProcess::start();
    engine.send(&game(""));
    assert_eq!(
        enemy_line(&mut engine),
        "0, searched as attacking only knowingly (blindly from 1)"
    );
    // Its 5 runs into our moved 6 at a5, its Scout into our 6 at e5 (a probe), its 4 into
    // that 6 once identified.
    const SO_FAR: &str = "a6a5x56< b4b5 e7e6 j4j5 e6e5x26< b5b6 f7f6 j5j6 f6f5 a5a4 f5e5x46<";
    engine.send(&game(SO_FAR));
    assert_eq!(enemy_line(&mut engine), "1, searched as attacking blindly");
    // Its 7 takes our moved, unidentified Scout: a won attack counts too.
    engine.send(&game(&format!("{SO_FAR} a4a5 j7j6x72>")));
    assert_eq!(enemy_line(&mut engine), "2, searched as attacking blindly");
    assert!(engine.finish());
}

/// `d` lists each hidden piece's four likeliest kinds in whole percents; `d all` lists
/// every kind the belief's draws gave it, to a tenth, which together make the whole.
#[test]
fn d_all_lists_every_kind_a_hidden_piece_may_be() {
    let mut engine = EngineProcess::start();
    engine.send("position red first red setup 62X862B4B2/827S927B4B/72653265B4/335F52343B");
    let beliefs = |engine: &mut EngineProcess, command: &str| -> Vec<Vec<(String, f64)>> {
        engine.send(command);
        let lines = lines_until_ready(engine);
        let found: Vec<Vec<(String, f64)>> = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info string belief "))
            .map(|l| {
                let (_, list) = l.split_once(": ").expect("a belief line has a colon");
                list.split(", ")
                    .map(|item| {
                        let (letter, p) = item.split_once(' ').expect("letter and chance");
                        let p = p.strip_suffix('%').expect("a percent");
                        (letter.to_string(), p.parse::<f64>().expect("a number"))
                    })
                    .collect()
            })
            .collect();
        assert_eq!(found.len(), 40, "{lines:#?}");
        found
    };
    let short = beliefs(&mut engine, "d");
    let all = beliefs(&mut engine, "d all");
    assert!(short.iter().all(|kinds| kinds.len() <= 4));
    assert!(all.iter().any(|kinds| kinds.len() > 4));
    for kinds in &all {
        let total: f64 = kinds.iter().map(|k| k.1).sum();
        assert!((99.0..=100.6).contains(&total), "{kinds:?}");
    }
    // The same draws: the likeliest kind agrees, to the rounding.
    for (s, a) in short.iter().zip(&all) {
        assert_eq!(s[0].0, a[0].0);
        assert!((s[0].1 - a[0].1).abs() <= 0.5 + 1e-9, "{s:?} {a:?}");
    }
    engine.send("d everything");
    let lines = lines_until_ready(&mut engine);
    assert!(
        lines.iter().any(|l| l.starts_with("info string error:")),
        "{lines:#?}"
    );
    assert!(engine.finish());
}

#[test]
fn spy_hunt_is_off_by_default_and_takes_only_a_check() {
    off_by_default_and_takes_only_a_check("Spy Hunt");
}

/// Our Scout shows its rank by a two-square move beside the Blue piece on a7, which then
/// stands four turns without attacking it: with the option on (the default), `d all` makes
/// it a Sergeant, the one kind that beats a Scout and is worth at most twice as much, far
/// less likely than with it off.
#[test]
fn declined_attacks_is_on_by_default_and_speaks_against_the_kinds_that_would_have_won() {
    const GAME: &str = "position red first red setup \
        2222222233/3334444555/5666677788/9XSBBBBBBF moves a4a6 j7j6 b4b5 i7i6 e4e5 f7f6 j4j5 \
        e7e6";
    let mut engine = EngineProcess::start();
    let announced = announced_options(&mut engine);
    assert!(
        announced.contains(&"option name Declined Attacks type check default true".to_string()),
        "{announced:#?}"
    );
    refuses_a_non_check(&mut engine, "Declined Attacks");
    let sergeant = |engine: &mut EngineProcess| {
        engine.send("setoption name Seed value 3");
        engine.send(GAME);
        engine.send("d all");
        let lines = lines_until_ready(engine);
        let line = lines
            .iter()
            .find_map(|l| l.strip_prefix("info string belief a7: "))
            .unwrap_or_else(|| panic!("{lines:#?}"))
            .to_string();
        // `d all` leaves out a kind no draw gave the piece.
        line.split(", ")
            .find_map(|item| item.strip_prefix("4 "))
            .map_or(0.0, |p| p.trim_end_matches('%').parse::<f64>().unwrap())
    };
    let on = sergeant(&mut engine);
    engine.send("setoption name Declined Attacks value false");
    let off = sergeant(&mut engine);
    assert!(
        on < off * 0.7,
        "Sergeant on a7: {on} % with the option, {off} % without"
    );
    assert!(engine.finish());
}

/// The term itself is tested in the evaluation (`cornered`); here, that the engine offers it.
#[test]
fn cornered_is_off_by_default_and_takes_only_a_check() {
    off_by_default_and_takes_only_a_check("Cornered");
}

/// The check option `name` is announced off, refuses a value that is no check and takes
/// `true` without an error.
fn off_by_default_and_takes_only_a_check(name: &str) {
    let mut engine = EngineProcess::start();
    let announced = announced_options(&mut engine);
    let line = format!("option name {name} type check default false");
    assert!(announced.contains(&line), "{announced:#?}");
    refuses_a_non_check(&mut engine, name);
    engine.send(&format!("setoption name {name} value true"));
    let taken = lines_until_ready(&mut engine);
    assert!(!taken.iter().any(|l| l.contains("error")), "{taken:#?}");
    assert!(engine.finish());
}

/// Sets the check option `name` to a value that is no check: the engine must refuse it,
/// naming the option.
fn refuses_a_non_check(engine: &mut EngineProcess, name: &str) {
    engine.send(&format!("setoption name {name} value maybe"));
    let refused = lines_until_ready(engine);
    assert!(
        refused.iter().any(|l| l.contains(&format!("'{name}'"))),
        "{refused:#?}"
    );
}

/// The engine's `sei` option lines.
fn announced_options(engine: &mut EngineProcess) -> Vec<String> {
    engine.send("sei");
    let mut announced = Vec::new();
    while let Some(l) = engine.next_line(WAIT).filter(|l| l != "seiok") {
        announced.push(l);
    }
    announced
}

/// The score of a depth-1 search from the position `text` (the `full` form).
fn depth_one_score(engine: &mut EngineProcess, text: &str) -> i32 {
    engine.send(&format!("position full {text}"));
    engine.send("go depth 1");
    let mut last = None;
    loop {
        let l = engine.expect_prefix("", WAIT);
        if l.starts_with("bestmove ") {
            break;
        }
        if let Some(rest) = l.strip_prefix("info depth 1 score cp ") {
            last = rest.split_whitespace().next().and_then(|s| s.parse().ok());
        }
    }
    last.unwrap_or_else(|| panic!("no score at depth 1"))
}

/// A check option `name` is announced on by default, refuses a value that is neither
/// `true` nor `false`, and lowers the depth-1 score of `pieces` (Red to move) by at least
/// `least` when on.
fn check_option_costs(name: &str, pieces: &[(&str, &str)], least: i32) {
    let rules = common::rules("classic", &[]);
    let text = common::position_text(&rules, pieces, "r 0");
    let mut engine = EngineProcess::start();
    let announced = announced_options(&mut engine);
    let line = format!("option name {name} type check default true");
    assert!(announced.contains(&line), "{announced:#?}");
    let on = depth_one_score(&mut engine, &text);
    refuses_a_non_check(&mut engine, name);
    engine.send(&format!("setoption name {name} value false"));
    let off = depth_one_score(&mut engine, &text);
    assert!(on <= off - least, "{name}: on {on}, off {off}");
    assert!(engine.finish());
}

#[test]
fn flag_guard_is_on_by_default_and_a_late_guard_lowers_the_score() {
    // Our Flag on a1 is walled in; an identified enemy Miner stands 3 steps from the
    // Bomb on a2, and our only piece that beats a Miner is 10 steps from it. Four late
    // steps (the most that count) with the Miner 3 steps inside the 6-step watch after its
    // reply: 15 · 4 · 4 = 240 centi-Scouts at the least.
    let pieces = [
        ("a1", "rF"),
        ("b1", "rB"),
        ("a2", "rB"),
        ("j1", "r4"),
        ("a5", "b3+*"),
        ("j10", "bF"),
        ("h10", "b2"),
    ];
    check_option_costs("Flag Guard", &pieces, 200);
}

#[test]
fn chase_raiders_is_on_by_default_and_an_unanswered_raider_lowers_the_score() {
    // The enemy General, identified, stands in our half among three pieces of ours it
    // beats; our Marshal, the only piece that beats it, is 10 steps away. Whatever one move
    // we make and whichever prey the General takes in reply, two prey stay within 3 steps
    // of it and the Marshal 8 late steps or more away: 4 · 8 · 2 = 64 centi-Scouts at the
    // least.
    let pieces = [
        ("a1", "rF"),
        ("e2", "r5"),
        ("d3", "r6"),
        ("f3", "r4"),
        ("a10", "rX"),
        ("e4", "b9+*"),
        ("j10", "bF"),
    ];
    check_option_costs("Chase Raiders", &pieces, 64);
}
