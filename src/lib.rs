//! Stratagem: an engine, referee and match manager for Stratego and the games of its family.
//!
//! The rules core is [`rules`] (the rule set as data), [`board`] (squares, setups, the
//! full-information position and its notations) and [`movegen`] (legal moves, including the
//! repetition rules); [`perft`] counts game trees over it. [`cli`] is the command line.

pub mod bench;
pub mod board;
pub mod cli;
pub mod engine;
pub mod eval;
pub mod human;
pub mod movegen;
pub mod perft;
pub mod players;
pub mod protocol;
pub mod referee;
pub mod rng;
pub mod rules;
pub mod search;
pub mod setups;
pub mod tournament;
pub mod view;
