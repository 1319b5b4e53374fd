//! A small stand-in for the UCC 2012 Stratego bots (`docs/ucc.md`), used by the tests to
//! check that `stratagem match` speaks their protocol. It sets up a fixed army and moves a
//! piece one square, to an empty or enemy square, chosen from its seed (argument 1). With a
//! second argument N it answers `SURRENDER` instead of its Nth move, as peternlewis does
//! when it finds no move.

use std::io::{BufRead, Write};

fn main() {
    let mut seed: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize
    };
    let surrender_at: Option<usize> = std::env::args().nth(2).and_then(|s| s.parse().ok());
    let mut moves_made = 0;
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    let mut board: Vec<Vec<char>> = Vec::new();
    // Like the real bots, it must be asked for its setup before anything else: they read
    // their first line as `RED|BLUE opponent width height` and fail on anything else.
    let mut set_up = false;
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.trim_end().to_string();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("RED") | Some("BLUE") => {
                set_up = true;
                // Four rows: Red's back row first, Blue's front row first. The same four
                // lines work for both: Flag and Bombs in the middle rows.
                for row in ["9999999977", "1233444555", "5666677888", "88sBBBBBBF"] {
                    let _ = writeln!(out, "{row}");
                }
            }
            _ if !set_up => {
                eprintln!("ucc_agent: expected RED or BLUE first, got '{line}'");
                std::process::exit(1);
            }
            Some("QUIT") => break,
            _ if line.len() == 10 && !line.contains(' ') => {
                board.push(line.chars().collect());
                if board.len() == 10 {
                    let mut moves = Vec::new();
                    for y in 0..10i32 {
                        for x in 0..10i32 {
                            let c = board[y as usize][x as usize];
                            if !"123456789s".contains(c) {
                                continue;
                            }
                            for (dx, dy, dir) in [
                                (0, -1, "UP"),
                                (0, 1, "DOWN"),
                                (-1, 0, "LEFT"),
                                (1, 0, "RIGHT"),
                            ] {
                                let (nx, ny) = (x + dx, y + dy);
                                if (0..10).contains(&nx) && (0..10).contains(&ny) {
                                    let t = board[ny as usize][nx as usize];
                                    if t == '.' || t == '#' {
                                        moves.push(format!("{x} {y} {dir}"));
                                    }
                                }
                            }
                        }
                    }
                    moves_made += 1;
                    let answer = if surrender_at == Some(moves_made) {
                        "SURRENDER".to_string()
                    } else if moves.is_empty() {
                        "NO_MOVE".to_string()
                    } else {
                        moves[next() % moves.len()].clone()
                    };
                    let _ = writeln!(out, "{answer}");
                    board.clear();
                }
            }
            _ => {} // START and confirmations
        }
        let _ = out.flush();
    }
}
