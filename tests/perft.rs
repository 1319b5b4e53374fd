//! The fast generator against the reference counts in `tests/perft/*.perft`, computed by
//! the independent oracle in `tests/oracle/` (re-verify them with
//! `cargo test --release --test oracle_selftest -- --ignored`).

mod common;

use std::sync::Arc;

use stratagem::board::Position;
use stratagem::perft::{perft, perft_full};
use stratagem::rules::Rules;

/// One record of a `.perft` file.
#[derive(Debug, Default)]
struct Record {
    id: String,
    variant: String,
    sets: Vec<String>,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn records() -> Vec<Record> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/perft");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("tests/perft exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .collect();
    files.sort();
    let mut out: Vec<Record> = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        for line in text.lines().map(str::trim) {
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (key, value) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => out.push(Record {
                    id: value.to_string(),
                    ..Record::default()
                }),
                _ => {
                    let r = out.last_mut().expect("a record starts with id");
                    match key {
                        "variant" => r.variant = value.to_string(),
                        "set" => r.sets.push(value.to_string()),
                        "position" => r.position = value.to_string(),
                        "perft" => {
                            let (d, n) = value.split_once(' ').expect("perft <depth> <count>");
                            r.counts
                                .push((d.parse().expect("depth"), n.parse().expect("count")));
                        }
                        other => panic!("{}: unknown key {other}", file.display()),
                    }
                }
            }
        }
    }
    out
}

#[test]
fn reference_counts_match() {
    let all = records();
    assert!(all.len() >= 10, "at least ten reference positions");
    let variants: std::collections::HashSet<&str> =
        all.iter().map(|r| r.variant.as_str()).collect();
    assert!(
        variants.len() >= 5,
        "the records cover the presets: {variants:?}"
    );
    for r in &all {
        let rules = Arc::new(Rules::with_settings(&r.variant, &r.sets).expect("record rules"));
        let mut pos = Position::from_text(Arc::clone(&rules), &r.position)
            .unwrap_or_else(|e| panic!("{}: {e}", r.id));
        for &(depth, expected) in &r.counts {
            assert_eq!(perft(&mut pos, depth), expected, "{} depth {depth}", r.id);
        }
        // The full path agrees on the shallowest count.
        if let Some(&(depth, expected)) = r.counts.first() {
            assert_eq!(
                perft_full(&mut pos, depth),
                expected,
                "{} full depth {depth}",
                r.id
            );
        }
    }
}
