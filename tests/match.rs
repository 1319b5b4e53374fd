//! `stratagem match` against the real binary: engines that are our own binary, engines that
//! crash, hang or lie, a UCC 2012 stand-in bot, records that replay, shards that merge.

use std::path::{Path, PathBuf};
use std::process::Command;

use stratagem::tournament::record::{read_records, ReadRecord};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_stratagem")
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("stratagem-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Writes an executable shell script.
fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).expect("write script");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    }
    path.display().to_string()
}

fn run_match(args: &[&str]) -> String {
    let out = Command::new(bin())
        .arg("match")
        .args(args)
        .output()
        .expect("match runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs a match with `args`, its records written to `records`; returns the output and the
/// records read back.
fn run_match_with_records(mut args: Vec<String>, records: &Path) -> (String, Vec<ReadRecord>) {
    args.push("--records".into());
    args.push(records.display().to_string());
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = run_match(&refs);
    let text = std::fs::read_to_string(records).expect("records written");
    (out, read_records(&text).expect("records read back"))
}

/// `--engine` twice: two engines that play at random, with these names, seeds 1 and 2.
fn two_random_engines(first: &str, second: &str) -> Vec<String> {
    let mut args = vec!["--engine".to_string()];
    args.extend(random_engine(first, 1));
    args.push("--engine".into());
    args.extend(random_engine(second, 2));
    args
}

fn random_engine(name: &str, seed: u32) -> Vec<String> {
    vec![
        format!("cmd={}", bin()),
        format!("name={name}"),
        "option.Player=random".into(),
        format!("option.Seed={seed}"),
    ]
}

/// A match of the engine given by `engine` (its `--engine` words) against a random mover
/// (name, seed), with `rest` after; returns the output.
fn against_random(engine: &[&str], random: (&str, u32), rest: &[&str]) -> String {
    let mut args: Vec<String> = vec!["--engine".into()];
    args.extend(engine.iter().map(|a| a.to_string()));
    args.push("--engine".into());
    args.extend(random_engine(random.0, random.1));
    args.extend(rest.iter().map(|a| a.to_string()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run_match(&refs)
}

#[test]
fn a_match_of_the_engine_against_itself_for_every_preset_with_records_that_replay() {
    let dir = scratch("presets");
    for variant in stratagem::rules::PLAYABLE {
        let records = dir.join(format!("{variant}.pgn"));
        let mut args: Vec<String> = vec!["--engine".into()];
        args.extend([format!("cmd={}", bin()), "name=full".into()]);
        args.push("--engine".into());
        args.extend([
            format!("cmd={}", bin()),
            "name=weak".into(),
            "option.Strength=10".into(),
        ]);
        args.extend(
            [
                "--variant",
                variant,
                "--set",
                "ply-limit=120",
                "--games",
                "2",
                "--concurrency",
                "2",
                "--movetime",
                "20",
            ]
            .map(String::from),
        );
        let (out, games) = run_match_with_records(args, &records);
        assert!(out.contains("Started game 1 of 2 (full vs weak)"), "{out}");
        assert!(out.contains("Finished game 2 (weak vs full): "), "{out}");
        assert!(out.contains("Score of full vs weak: "), "{out}");
        assert!(out.contains("Elo difference: "), "{out}");
        assert_eq!(games.len(), 2, "{variant}");
        // The pair shares its setups with the colours swapped.
        assert_eq!(games[0].tag("RedSetup"), games[1].tag("RedSetup"));
        assert_eq!(games[0].tag("BlueSetup"), games[1].tag("BlueSetup"));
        for g in &games {
            let end = g.replay().unwrap_or_else(|e| panic!("{variant}: {e}"));
            let ended_by_rules = !g.tag("Termination").unwrap_or("").contains("time");
            if ended_by_rules {
                let result = match end.and_then(|e| e.winner()) {
                    Some(stratagem::board::Color::Red) => "1-0",
                    Some(stratagem::board::Color::Blue) => "0-1",
                    None => "1/2-1/2",
                };
                assert_eq!(g.tag("Result"), Some(result), "{variant}: {:?}", g.tags);
            }
        }
    }
}

/// With `--own-setups` each engine sets up its own army in every game: the pair's second
/// game does not replay the first game's setups.
#[test]
fn own_setups_are_chosen_afresh_in_every_game() {
    let dir = scratch("own-setups");
    let records = dir.join("own.pgn");
    let mut args = two_random_engines("a", "b");
    args.extend(
        [
            "--own-setups",
            "--set",
            "ply-limit=40",
            "--games",
            "2",
            "--movetime",
            "20",
        ]
        .map(String::from),
    );
    let (_, games) = run_match_with_records(args, &records);
    assert_eq!(games.len(), 2);
    // Engine a is Red in the first game and Blue in the second; each of its setups is its
    // own choice, and they differ (the same process chooses a new one for every game).
    let a = [games[0].tag("RedSetup"), games[1].tag("BlueSetup")];
    let b = [games[0].tag("BlueSetup"), games[1].tag("RedSetup")];
    assert!(a.iter().chain(&b).all(Option::is_some));
    assert_ne!(a[0], a[1]);
    assert_ne!(b[0], b[1]);
}

#[cfg(unix)]
#[test]
fn an_engine_keeps_its_process_from_game_to_game_and_hears_how_each_ended() {
    let dir = scratch("keep");
    let (starts, input) = (dir.join("starts"), dir.join("input"));
    let wrapped = script(
        &dir,
        "engine.sh",
        &format!(
            "echo started >> '{}'\ntee -a '{}' | '{}'\n",
            starts.display(),
            input.display(),
            bin()
        ),
    );
    let out = against_random(
        &[
            &format!("cmd={wrapped}"),
            "name=learner",
            "option.Player=random",
        ],
        ("other", 2),
        // Random players answer at once: the long move time only keeps a machine under load
        // from dropping a late one, which would end a game without the other.
        &["--games", "4", "--movetime", "1000", "--concurrency", "1"],
    );
    assert!(out.contains("Finished game 4"), "{out}");
    let started = std::fs::read_to_string(&starts).expect("starts");
    assert_eq!(
        started.lines().count(),
        1,
        "one process for the match: {out}"
    );
    let input = std::fs::read_to_string(&input).expect("input");
    let count = |f: &dyn Fn(&str) -> bool| input.lines().filter(|l| f(l)).count();
    assert_eq!(count(&|l| l == "newgame"), 4, "{out}\n{input}");
    assert_eq!(count(&|l| l == "setoption name Opponent value other"), 4);
    assert_eq!(count(&|l| l.starts_with("setoption name Seed value ")), 4);
    // One `position` before every move, and one more at the end of every game.
    let moves = count(&|l| l.starts_with("go ") && l != "go setup");
    assert_eq!(count(&|l| l.starts_with("position ")), moves + 4, "{input}");
}

/// A shell engine that answers the handshake and sends a setup, and does `on_go` when asked
/// for a move.
fn faulty_engine(on_go: &str) -> String {
    r#"while read line; do case "$line" in
  sei) echo seiok;;
  isready) echo readyok;;
  "go setup") echo "bestsetup B25424222B/64X8592745/363FS36B22/7B837B63B5";;
  go*) ON_GO;;
esac; done"#
        .replace("ON_GO", on_go)
}

#[test]
fn engines_that_crash_hang_or_lie_lose_and_the_match_goes_on() {
    let dir = scratch("faults");
    let crash = script(&dir, "crash.sh", &faulty_engine("exit 3"));
    let hang = script(&dir, "hang.sh", &faulty_engine("sleep 30"));
    let liar = script(&dir, "liar.sh", &faulty_engine("echo 'bestmove a1a9'"));
    let mute = script(&dir, "mute.sh", "exit 0");
    for (cmd, reason) in [
        (crash, "crashed"),
        (hang, "loses on time"),
        (liar, "illegal move"),
        (mute, "crashed"),
    ] {
        // The random player answers at once; a second a move keeps a machine under load
        // (a fresh-clone run beside an SPRT) from losing it a game on time, and the hanging
        // engine still loses its games in a second each.
        let out = against_random(
            &[&format!("cmd={cmd}"), "name=bad"],
            ("good", 1),
            &["--games", "2", "--movetime", "1000", "--tolerance", "50"],
        );
        assert!(out.contains(reason), "{reason}: {out}");
        assert!(
            out.contains("Score of bad vs good: 0 - 2 - 0"),
            "{reason}: {out}"
        );
    }
}

/// A match that an SPRT decides stops early, says which hypothesis it accepted and when,
/// and still ends with the totals of every game it played.
#[test]
fn an_sprt_stops_the_match_and_says_why() {
    let dir = scratch("sprt");
    let crash = script(&dir, "crash.sh", &faulty_engine("exit 3"));
    let out = against_random(
        &[&format!("cmd={crash}"), "name=bad"],
        ("good", 1),
        &[
            "--games",
            "200",
            "--concurrency",
            "2",
            // The random player answers at once; a long move time keeps a machine under
            // load from making it lose on time (once 1 - 28 beside an SPRT).
            "--movetime",
            "1000",
            "--sprt",
            "elo0=0",
            "elo1=10",
            "alpha=0.05",
            "beta=0.05",
        ],
    );
    let verdict = out
        .lines()
        .find(|l| l.starts_with("SPRT verdict: H0 was accepted after "))
        .unwrap_or_else(|| panic!("no verdict: {out}"));
    let games: u64 = verdict
        .split_whitespace()
        .nth(6)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{verdict}"));
    assert!(
        verdict.contains(&format!("(0 - {games} - 0, llr ")),
        "{verdict}"
    );
    let last = out.lines().last().unwrap_or_default();
    let lost: u64 = last
        .strip_prefix("Totals: wins 0 losses ")
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{last}"));
    assert!(games <= lost && lost < 200, "{out}");
}

#[test]
fn shards_merge_into_the_whole_match() {
    let dir = scratch("shards");
    let base = |shard: &str| {
        let mut args = two_random_engines("r1", "r2");
        args.extend(
            [
                "--games",
                "8",
                "--concurrency",
                "2",
                "--movetime",
                "1000",
                "--set",
                "ply-limit=150",
                "--shard",
                shard,
            ]
            .map(String::from),
        );
        args
    };
    let run = |shard: &str| {
        let args = base(shard);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        run_match(&refs)
    };
    let whole = run("1/1");
    let mut files = Vec::new();
    for i in 1..=3 {
        let path = dir.join(format!("shard{i}.txt"));
        std::fs::write(&path, run(&format!("{i}/3"))).expect("write shard");
        files.push(path.display().to_string());
    }
    let merged = Command::new(bin())
        .arg("merge")
        .args(["--names", "r1", "r2"])
        .args(&files)
        .output()
        .expect("merge runs");
    let merged = String::from_utf8_lossy(&merged.stdout);
    let score = |text: &str| {
        text.lines()
            .rev()
            .find(|l| l.starts_with("Score of"))
            .map(String::from)
    };
    assert_eq!(score(&whole), score(&merged), "{whole}\n---\n{merged}");
    let ptnml = |text: &str| {
        text.lines()
            .rev()
            .find(|l| l.starts_with("Ptnml"))
            .map(String::from)
    };
    assert_eq!(ptnml(&whole), ptnml(&merged));
}

#[test]
fn a_ucc_bot_plays_under_our_referee() {
    let exe = std::env::current_exe().expect("test path");
    let agent = exe
        .parent()
        .and_then(Path::parent)
        .map(|d| d.join("examples").join("ucc_agent"))
        .expect("target dir");
    assert!(
        agent.exists(),
        "cargo test builds examples/ucc_agent: {}",
        agent.display()
    );
    let dir = scratch("ucc");
    // A match of `games` games between the stand-in (with `bot_args`) and `random`.
    let play = |bot_args: &[&str], games: &str, records: &Path| {
        let mut args = vec![
            "--engine".to_string(),
            format!("cmd={}", agent.display()),
            "name=ucc".into(),
            "proto=ucc".into(),
        ];
        args.extend(bot_args.iter().map(|a| format!("arg={a}")));
        args.push("--engine".into());
        args.extend(random_engine("random", 3));
        args.extend(
            [
                "--games",
                games,
                "--movetime",
                "500",
                "--set",
                "two-squares=off",
                "--set",
                "more-squares=none",
                "--set",
                "ply-limit=300",
                "--records",
            ]
            .map(String::from),
        );
        args.push(records.display().to_string());
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        run_match(&refs)
    };
    let records = dir.join("ucc.pgn");
    let out = play(&["7"], "4", &records);
    assert!(!out.contains("illegal"), "{out}");
    assert!(!out.contains("crashed") && !out.contains("time"), "{out}");
    let games = read_records(&std::fs::read_to_string(&records).expect("records")).expect("read");
    assert_eq!(games.len(), 4);
    // The bot cannot be handed a setup, so it plays its own in the pairs' second games too
    // (the stand-in, like the real bots, fails when it is not asked for one). Its four lines
    // read as different setups for Red and for Blue, so each colour is compared apart.
    for (colour, setup) in [("Red", "RedSetup"), ("Blue", "BlueSetup")] {
        // The setups the player called `name` had as `colour`.
        let setups_of = |name: &str| -> Vec<&str> {
            games
                .iter()
                .filter(|g| g.tag(colour) == Some(name))
                .filter_map(|g| g.tag(setup))
                .collect()
        };
        let bot_setups = setups_of("ucc");
        assert_eq!(bot_setups.len(), 2, "{colour}");
        assert_eq!(bot_setups[0], bot_setups[1], "{colour}");
        // Nor is the bot's setup handed to the other player in the pair's second game:
        // with a player that always brings its own, every player does.
        let others = setups_of("random");
        assert_eq!(others.len(), 2, "{colour}");
        assert!(others.iter().all(|s| *s != bot_setups[0]), "{colour}");
    }
    for g in &games {
        assert!(g.moves.len() > 10, "{:?}", g.tags);
        g.replay().expect("replays");
    }
    // A bot that answers SURRENDER resigns: the record says so, not "illegal move".
    let records = dir.join("surrender.pgn");
    let out = play(&["7", "3"], "2", &records);
    assert!(!out.contains("illegal"), "{out}");
    let games = read_records(&std::fs::read_to_string(&records).expect("records")).expect("read");
    assert_eq!(games.len(), 2);
    for g in &games {
        let bot = if g.tag("Red") == Some("ucc") {
            "Red"
        } else {
            "Blue"
        };
        assert_eq!(
            g.tag("Termination"),
            Some(format!("{bot} resigns").as_str())
        );
        g.replay().expect("replays");
    }
}
