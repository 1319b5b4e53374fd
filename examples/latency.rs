//! Measures the engine's protocol latencies against the real binary:
//! `readyok` during a search, `bestmove` after `stop`, and how long `go movetime` and
//! `go rtime` really take.
//!
//! ```sh
//! cargo build --release && cargo run --release --example latency -- target/release/stratagem
//! ```

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

const POSITION: &str = "position full b4bBbFbB.b3+b3b2b6b5/bBb3bBb8+b7.b8.bB*bB/.b6+.b2+b6.bSb3+b6+./.bX+b3+.b7+.b9b7.b5+/b5+.__..__../..__.r9+*__.r4+/rB.r5r3+.....rB*/r6.rXr8.r4+*.r7+.r5/r3r6r3rFr7+r6+r2+rBr2+./r7rBr8r3.rBr6+r3rBr5 r 90 history h4h3 f10f5x e1e2 j8i8 j2i2 e10f10";

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/release/stratagem".into());
    let mut child = match Command::new(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot start {path}: {e}");
            std::process::exit(2);
        }
    };
    let mut stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let (tx, rx) = channel::<(Instant, String)>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    let mut send = |line: &str| {
        writeln!(stdin, "{line}").expect("engine input");
        stdin.flush().expect("flush");
        Instant::now()
    };
    let wait_for = |prefix: &str| -> Instant {
        loop {
            let (at, line) = rx
                .recv_timeout(Duration::from_secs(30))
                .expect("engine answers");
            if line.starts_with(prefix) {
                return at;
            }
        }
    };
    let stats = |name: &str, mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        let n = v.len();
        println!(
            "{name:<34} n={n:<4} median {:>8.3} ms  p99 {:>8.3} ms  max {:>8.3} ms",
            v[n / 2],
            v[(n * 99 / 100).min(n - 1)],
            v[n - 1]
        );
    };

    send(POSITION);
    send("isready");
    wait_for("readyok");

    let mut ready = Vec::new();
    let mut stop = Vec::new();
    for _ in 0..20 {
        send("go infinite");
        std::thread::sleep(Duration::from_millis(50));
        for _ in 0..10 {
            let t = send("isready");
            ready.push((wait_for("readyok") - t).as_secs_f64() * 1000.0);
            std::thread::sleep(Duration::from_millis(5));
        }
        let t = send("stop");
        stop.push((wait_for("bestmove") - t).as_secs_f64() * 1000.0);
    }
    stats("readyok during a search", ready);
    stats("bestmove after stop", stop);

    for movetime in [20u64, 100, 500] {
        let mut took = Vec::new();
        for _ in 0..10 {
            let t = send(&format!("go movetime {movetime}"));
            took.push((wait_for("bestmove") - t).as_secs_f64() * 1000.0);
        }
        stats(
            &format!("go movetime {movetime} (default Move Overhead)"),
            took,
        );
    }
    for rtime in [200u64, 2000] {
        let mut took = Vec::new();
        for _ in 0..10 {
            let t = send(&format!("go rtime {rtime} btime {rtime}"));
            took.push((wait_for("bestmove") - t).as_secs_f64() * 1000.0);
        }
        stats(&format!("go rtime {rtime} (one move)"), took);
    }
    send("quit");
    let _ = child.wait();
}
