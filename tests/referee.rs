//! Whole games through the referee, replayed; players that lie or fail lose with the reason.

mod common;

use std::time::Duration;

use stratagem::board::Color;
use stratagem::players::{RandomPlayer, SearchPlayer};
use stratagem::referee::{
    play_game, replay, Clock, GameSpec, Player, PlayerFault, PlayerState, Termination, TimeControl,
};
use stratagem::rules::Rules;
use stratagem::search::Config;

fn spec(variant: &str, settings: &[&str]) -> GameSpec {
    let rules = common::rules(variant, settings);
    GameSpec {
        first: GameSpec::first_mover(&rules, 1),
        rules,
        setups: [None, None],
        time_control: TimeControl::MoveTime {
            per_move: Duration::from_secs(5),
            tolerance: Duration::from_secs(5),
        },
    }
}

#[test]
fn games_of_every_preset_end_and_replay() {
    for variant in common::playable() {
        let spec = spec(variant, &["ply-limit=300"]);
        let mut engine = SearchPlayer::new("engine", Config::default(), Some(1));
        let mut random = RandomPlayer::new("random", 3);
        let record = play_game(&spec, [&mut engine, &mut random]);
        assert!(
            matches!(record.result.termination, Termination::Rules(_)),
            "{variant}: {:?}",
            record.result
        );
        let end = replay(&record, spec.rules.clone()).unwrap();
        assert_eq!(
            end.map(|e| e.winner()),
            Some(record.result.winner),
            "{variant}"
        );
        assert!(!record.moves.is_empty());
    }
}

/// A player that answers with a fixed text, or fails.
struct Liar(Result<String, PlayerFault>, Result<String, PlayerFault>);

impl Player for Liar {
    fn name(&self) -> &str {
        "liar"
    }
    fn setup(&mut self, _: &Rules, _: Color, _: Duration) -> Result<String, PlayerFault> {
        self.0.clone()
    }
    fn play(&mut self, _: &Rules, _: &PlayerState, _: &Clock) -> Result<String, PlayerFault> {
        self.1.clone()
    }
}

#[test]
fn faults_lose_with_the_reason() {
    let spec = spec("classic", &[]);
    let good_setup = Ok("B25424222B/64X8592745/363FS36B22/7B837B63B5".to_string());
    let cases: Vec<(Liar, &str)> = vec![
        (Liar(Ok("XXXX".into()), Ok("a4a5".into())), "illegal setup"),
        (Liar(good_setup.clone(), Ok("a1a2".into())), "illegal move"),
        (
            Liar(good_setup.clone(), Ok("garbage!".into())),
            "illegal move",
        ),
        (
            Liar(good_setup.clone(), Err(PlayerFault::TimedOut)),
            "loses on time",
        ),
        (
            Liar(
                good_setup.clone(),
                Err(PlayerFault::Crashed("exit 1".into())),
            ),
            "crashed",
        ),
    ];
    for (mut liar, reason) in cases {
        let mut other = RandomPlayer::new("random", 1);
        let record = play_game(&spec, [&mut liar, &mut other]);
        assert_eq!(record.result.winner, Some(Color::Blue), "{reason}");
        assert!(
            record.result.reason().contains(reason),
            "{} vs {reason}",
            record.result.reason()
        );
    }
}

#[test]
fn records_read_back_and_replay_to_the_same_result() {
    use stratagem::tournament::record::{read_gravon, read_records, write_gravon, write_record};
    let mut text = String::new();
    let mut records = Vec::new();
    for (i, variant) in common::playable().enumerate() {
        let spec = spec(variant, &["ply-limit=200"]);
        let mut a = SearchPlayer::new("engine \"A\"", Config::default(), Some(1));
        let mut b = RandomPlayer::new("random", i as u64);
        let record = play_game(&spec, [&mut a, &mut b]);
        text.push_str(&write_record(&record, i as u64 + 1, &spec.rules));
        records.push(record);
    }
    let read = read_records(&text).unwrap();
    assert_eq!(read.len(), records.len());
    for (r, original) in read.iter().zip(&records) {
        assert_eq!(r.moves, original.moves);
        assert_eq!(r.tag("Red"), Some(original.names[0].as_str()));
        assert_eq!(r.result, original.result.score_text());
        let end = r.replay().unwrap();
        if let Termination::Rules(e) = original.result.termination {
            assert_eq!(end, Some(e));
        }
    }
    // Gravon's format for the classic game.
    let classic = &records[0];
    let gravon = write_gravon(classic).unwrap();
    let (_, moves) = read_gravon(&gravon, classic.first).unwrap();
    assert_eq!(&moves, &classic.moves);
    assert!(write_gravon(&records[1]).is_err());
}
