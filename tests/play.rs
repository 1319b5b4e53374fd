//! `stratagem play`: a scripted person plays a whole game against the engine in the
//! terminal, making mistakes on the way.

mod common;

use std::time::Duration;

use common::process::EngineProcess;

#[test]
fn a_person_plays_a_whole_game_and_bad_input_is_explained() {
    let mut game = EngineProcess::start_with(&[
        "play",
        "--movetime",
        "10",
        "--strength",
        "20",
        "--set",
        "ply-limit=80",
        "--color",
        "blue",
    ]);
    let wait = Duration::from_secs(20);
    game.expect_prefix("Your setup", wait);
    game.send("XYZ/123");
    let explained = game.expect_prefix("  ", wait);
    assert!(explained.contains("expected"), "{explained}");
    game.expect_prefix("Your setup", wait);
    game.send("");
    game.expect_prefix("Setup: ", wait);
    let mut moves_played = 0;
    loop {
        let line = game.next_line(wait).expect("the game goes on");
        if line.starts_with("Game over: ") {
            assert!(
                line.contains("ply limit") || line.contains("flag") || line.contains("move"),
                "{line}"
            );
            break;
        }
        if !line.starts_with("Your move") {
            continue;
        }
        if moves_played == 0 {
            game.send("e4e9");
            let refused = game.expect_prefix("'e4e9' is not a legal move", wait);
            assert!(refused.contains("'moves'"), "{refused}");
            game.expect_prefix("Your move", wait);
        }
        game.send("moves");
        let list = game.expect_prefix("moves ", wait);
        let first = list
            .split_whitespace()
            .nth(1)
            .expect("a legal move")
            .to_string();
        game.expect_prefix("Your move", wait);
        game.send(&first);
        moves_played += 1;
    }
    assert!(moves_played >= 10, "{moves_played}");
}
