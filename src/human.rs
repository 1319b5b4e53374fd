//! A person at the board (`stratagem play`): a [`Player`] that shows the person's view in
//! the terminal and reads setups and moves typed in. Bad input is explained and asked
//! again; nothing typed can end the game by accident except `quit`.

use std::io::{BufRead, Write};
use std::time::Duration;

use crate::board::{Color, Setup};
use crate::players::view_of;
use crate::referee::{Clock, GameResult, Player, PlayerFault, PlayerState};
use crate::rng::Rng;
use crate::rules::{Outcome, Rules};
use crate::view::PublicMove;

/// A person typing on `input` and reading `output`.
pub struct HumanPlayer<R: BufRead + Send, W: Write + Send> {
    name: String,
    input: R,
    output: W,
    rng: Rng,
    /// Moves of the history already told to the person.
    told: usize,
}

impl<R: BufRead + Send, W: Write + Send> HumanPlayer<R, W> {
    pub fn new(name: &str, input: R, output: W, seed: u64) -> Self {
        HumanPlayer {
            name: name.to_string(),
            input,
            output,
            rng: Rng::new(seed),
            told: 0,
        }
    }

    fn say(&mut self, text: &str) {
        let _ = writeln!(self.output, "{text}");
        let _ = self.output.flush();
    }

    /// The next line typed, or a crash when input ends.
    fn ask(&mut self, prompt: &str) -> Result<String, PlayerFault> {
        self.say(prompt);
        let mut line = String::new();
        match self.input.read_line(&mut line) {
            Ok(0) | Err(_) => Err(PlayerFault::Crashed("input closed".into())),
            Ok(_) => Ok(line.trim().to_string()),
        }
    }

    /// Tells the person, in words, what happened since its last turn.
    fn tell_moves(&mut self, rules: &Rules, state: &PlayerState) {
        let new: Vec<PublicMove> = state.history[self.told.min(state.history.len())..].to_vec();
        let first_index = self.told;
        for (i, m) in new.iter().enumerate() {
            let ply = first_index + i;
            let mover = if ply % 2 == 0 {
                state.first
            } else {
                state.first.opponent()
            };
            let who = if mover == state.color {
                "You"
            } else {
                "The opponent"
            };
            let text = match m.battle {
                None if m.action.is_some() || m.promoted => {
                    format!("{who}: {} ({})", m.display(rules), describe(rules, m))
                }
                None => format!("{who}: {}{}", m.from, m.to),
                Some(b) => {
                    let name = |k: usize| rules.kind(k).name;
                    let result = match b.outcome {
                        Outcome::AttackerWins => "the attacker wins",
                        Outcome::DefenderWins => "the defender wins",
                        Outcome::BothRemoved => "both are removed",
                    };
                    format!(
                        "{who}: {}{} - {} ({}) attacks {} ({}): {result}",
                        m.from,
                        m.to,
                        name(b.attacker),
                        rules.rank_label(b.attacker),
                        name(b.defender),
                        rules.rank_label(b.defender)
                    )
                }
            };
            self.say(&text);
        }
        self.told = state.history.len();
    }
}

/// An action's public result in words.
fn describe(rules: &Rules, m: &PublicMove) -> String {
    use crate::view::{ActionRecord, ProbeAnswer};
    let name = |k: usize| format!("{} ({})", rules.kind(k).name, rules.rank_label(k));
    match &m.action {
        None => "promoted to a 6".into(),
        Some(ActionRecord::Pass) => "a pass".into(),
        Some(ActionRecord::Reveal { kind }) => {
            format!("the piece on {} is a {}", m.to, name(*kind))
        }
        Some(ActionRecord::Hypnotise { kind: Some(k) }) => {
            format!("the {} on {} changes sides", name(*k), m.to)
        }
        Some(ActionRecord::Hypnotise { kind: None }) => "the hypnosis fails".into(),
        Some(ActionRecord::Shoot { kind: Some(k) }) => {
            format!("the {} on {} is shot", name(*k), m.to)
        }
        Some(ActionRecord::Shoot { kind: None }) => "the shot does nothing".into(),
        Some(ActionRecord::Strike { battles }) => battles
            .iter()
            .map(|(sq, k, o)| {
                let result = match o {
                    Outcome::AttackerWins => "removed",
                    Outcome::DefenderWins => "resists",
                    Outcome::BothRemoved => "both removed",
                };
                format!("{} on {sq}: {result}", name(*k))
            })
            .collect::<Vec<_>>()
            .join("; "),
        Some(ActionRecord::Probe { guess, answer }) => match answer {
            ProbeAnswer::Right => format!("right: the piece on {} was a {guess}", m.to),
            ProbeAnswer::Higher => format!("wrong: the piece on {} is higher than {guess}", m.to),
            ProbeAnswer::Lower => format!("wrong: the piece on {} is lower than {guess}", m.to),
        },
    }
}

const HELP: &str = "Type a move as two squares (e4e5), 'board' to see the board again, \
'moves' for your legal moves, 'quit' to resign.";

impl<R: BufRead + Send, W: Write + Send> Player for HumanPlayer<R, W> {
    fn name(&self) -> &str {
        &self.name
    }

    fn setup(&mut self, rules: &Rules, color: Color, _: Duration) -> Result<String, PlayerFault> {
        let letters: String = rules
            .kinds()
            .iter()
            .filter(|k| k.count > 0)
            .map(|k| format!("{}×{} ({})", k.count, k.letter, k.name))
            .collect::<Vec<_>>()
            .join(", ");
        self.say(&format!(
            "You play {color} in {}. Your army: {letters}.",
            rules.name()
        ));
        loop {
            let line = self.ask(
                "Your setup: press Enter for one played by a person on Gravon (or random where none fits), \
'random' for a random one, or type it: rows front row first, separated by /, '.' for empty:",
            )?;
            let setup = match line.as_str() {
                "" => crate::setups::generate(rules, &mut self.rng),
                "random" => crate::setups::random_with_flag_behind(rules, &mut self.rng),
                "quit" => return Err(PlayerFault::Resigned),
                text => match text.parse::<Setup>() {
                    Ok(s) => s,
                    Err(e) => {
                        self.say(&format!("That is not a setup: {e}"));
                        continue;
                    }
                },
            };
            match setup.check(rules, color) {
                Ok(()) => {
                    self.say(&format!("Setup: {setup}"));
                    return Ok(setup.to_string());
                }
                Err(problems) => {
                    for p in problems {
                        self.say(&format!("  {p}"));
                    }
                    self.say("Please try again.");
                }
            }
        }
    }

    fn play(
        &mut self,
        rules: &Rules,
        state: &PlayerState,
        _: &Clock,
    ) -> Result<String, PlayerFault> {
        self.tell_moves(rules, state);
        let view = view_of(rules, state)?;
        let mut board = view.render();
        if rules.game() == crate::rules::GameKind::RankDuel {
            let (p, q) = (view.points(), view.probes_left());
            board.push_str(&format!(
                "points: red {} blue {}; probes left: red {} blue {}\n",
                p[0], p[1], q[0], q[1]
            ));
        }
        self.say(&board);
        let legal: Vec<String> = view.legal_moves().iter().map(|m| m.to_string()).collect();
        loop {
            let line = self.ask(&format!(
                "Your move ({} to play; 'help' for help):",
                state.color
            ))?;
            match line.as_str() {
                "" => continue,
                "help" => self.say(HELP),
                "board" => self.say(&board),
                "moves" => self.say(&format!("moves {}", legal.join(" "))),
                "quit" => return Err(PlayerFault::Resigned),
                text if legal.iter().any(|m| m == text) => return Ok(text.to_string()),
                text => self.say(&format!("'{text}' is not a legal move here. {HELP}")),
            }
        }
    }

    fn game_over(&mut self, rules: &Rules, state: &PlayerState, result: &GameResult) {
        self.tell_moves(rules, state);
        let verdict = match result.winner {
            Some(w) if w == state.color => "You win",
            Some(_) => "You lose",
            None => "Draw",
        };
        self.say(&format!(
            "Game over: {} ({}). {verdict}.",
            result.score_text(),
            result.reason()
        ));
    }
}
