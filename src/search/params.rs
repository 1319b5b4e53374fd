//! Every tunable of the search and the evaluation, in one place.

/// Value of a piece by modern rank (index 0 unused, 1 Spy … 10 Marshal), in centi-Scouts
/// (the evaluation's unit): what it costs to lose one.
/// Set by hand at first; then Scout and Miner (and [`BOMB_VALUE`]) moved halfway toward what
/// the results of 848 self-play games say each piece is worth (`scripts/records.py material`
/// over the records of seeds 335 to 338, at 350 units a unit of the logistic curve): Scout
/// 21 ± 11 (was 40), Miner 149 ± 19 (was 70, with [`DEFUSERS_LEFT`] on top while the Flag
/// is walled in, as it always is in self-play), Bomb 118 ± 28 (was 40); the other kinds
/// lay within two errors of their values (Sergeant 62 ± 18, Lieutenant 107 ± 17). Self-play
/// against the build before at 50 ms a move (elo0 −25, elo1 5): H1 accepted after 189
/// games (102-85-2, +33 ± 49, seed 339). Against peternlewis (no memory, 100 ms a move,
/// seed 431, 80 games): 67-10-3 against 71-9-0 before, no change that 80 games can show.
/// A second step (over 1,040 games with these values' first 192: Scout 19 ± 10, Miner
/// 149 ± 17, Lieutenant 98 ± 16, Bomb 107 ± 25) to Scout 20, Miner 125, Lieutenant 85,
/// Bomb 90 stood even against these: 169-168-6 after 343 games (seed 340, stopped); Miner
/// 125 and Bomb 90 alone: 87-81-4 after 172 games (seed 341, stopped undecided), then
/// 42-45-3 after 90 more (seed 342): 129-126-7 over 262 games, no gain either.
pub const RANK_VALUE: [i32; 11] = [0, 120, 25, 100, 50, 70, 100, 150, 220, 320, 450];
/// Bonus for holding the strongest movable piece on the board: the enemy can stop it only
/// with a Bomb or a Spy, so losing a Marshal while the enemy keeps its own costs far more
/// than the Marshal's value.
pub const DOMINANT_PIECE: i32 = 200;
/// What a side's pieces that defuse Bombs (Miners) are worth beyond their value while the
/// other side's Flag is walled in by Bombs, by how many are left (none, 1, 2, 3 or more):
/// only they can then take the Flag. In self-play with walled setups, the winner had more
/// Miners left at the end in 107 of 165 games, the loser in 22. A like bonus for a side's
/// last movable pieces of any kind (a side that cannot move loses; 0, 200, 330, 420, 480
/// and 520 for none to five or more) played worse in self-play at 50 ms a move: 30-39-3
/// after 72 games (seed 372, stopped); its games ended with a side unable to move 14 times
/// in its favour against 11, but its Flag fell 28 times against 16.
pub const DEFUSERS_LEFT: [i32; 4] = [0, 100, 150, 170];
/// What a Spy loses once the enemy's Marshal (the kind it beats) is gone.
pub const SPY_WITHOUT_PREY: i32 = 90;
/// Value of a Bomb (it blocks lanes and guards the Flag; see [`RANK_VALUE`] for how it
/// was set from the results of self-play, where a side's lost Bombs cost it about 118).
pub const BOMB_VALUE: i32 = 70;
/// Value of the Flag while it stands (losing it ends the game anyway).
pub const FLAG_VALUE: i32 = 1000;
/// Bonus for a piece the opponent has not identified yet ...
pub const HIDDEN_BONUS: i32 = 8;
/// ... plus this fraction (1/n) of its value, for the pieces that fight. A fit of self-play
/// results on material with the hidden pieces counted too (848 games, session 43) gave a
/// hidden piece no worth of its own (−6 ± 13 each), but halving the share (12 against 6)
/// stood even in self-play at 50 ms a move: 77-80-6 after 163 games (seed 343, stopped).
/// The bonus is there to make the search keep ranks hidden, which a fit on results
/// cannot weigh.
pub const HIDDEN_SHARE: i32 = 6;
/// Bonus for a hidden piece of a kind that strikes up (the Spy: `Rules::strikes_up`) that
/// has not moved yet. Demon of Ignorance, like many bots, leaves unknown pieces that never
/// moved alone and probes the ones that moved with its low ranks; in 40 games against it
/// (`-l5`, Memory off, 100 ms a move, seeds 443 and 446) our Spy was lost in 33, most often
/// after several moves of its own. A bonus of 50 for the Spy and the Marshal both
/// (session 51) cut that to 20 of 40 (seed 448) and scored 27-12-1 against 25-14-1, but
/// stood even in self-play (142-140-10 over seeds 356 and 357, stopped): the Marshal, which
/// must move to fight, is left out here. For the Spy alone, self-play against the build
/// before at 50 ms a move (elo0 −25, elo1 5): H1 accepted after 583 games (279-270-34,
/// +6 ± 27, seed 358). Over its 586 games the new build moved its Spy in 234 and lost it in
/// 407, the old one in 470 and 502 (`scripts/records.py spy`). Against Demon `-l5`
/// (rebuilt in session 52, seed 450): 20-20-0, our Spy lost in 23 of 40 games.
pub const STILL_STRIKER: i32 = 50;
/// Bonus for a hidden movable piece that has not moved yet: the enemy cannot tell it from
/// a Bomb, and bots such as Demon of Ignorance hunt the pieces that move. Demon moved 13
/// pieces in the first 200 plies of its games against us (seed 453), we 22, and its
/// identified pieces took our moved hidden ones 6 times a game (400 in `RANK_VALUE`s)
/// against our 3 (110). 10
/// against none, self-play at 50 ms a move (elo0 −25, elo1 5): H1 accepted after 136 games
/// (76-53-7, seed 364). The new build moved 17 pieces in the first 200 plies (its Miners
/// 1.3, against 2.9), and lost 31 Majors and 26 Colonels on Bombs against 45 and 39.
/// 20 against 10: H0 accepted after 173 games (68-99-6, seed 365); 5 against 10: 65-73-6
/// after 144 games (seed 366, stopped).
pub const STILL_PIECE: i32 = 10;
/// Bonus per step the nearest movable piece of a side has come toward the other side's Flag
/// (in a determinized position the Flag's square is drawn from the belief) ...
pub const FLAG_NEAR_PER_STEP: i32 = 4;
/// ... counted from this many steps away.
pub const FLAG_NEAR_STEPS: i32 = 10;
/// ... and, inside this many steps, this much times the square of the steps inside it.
pub const FLAG_CLOSE_STEPS: i32 = 4;
pub const FLAG_CLOSE: i32 = 15;
/// Our walled Flag's guard (option `Flag Guard`, see `Incremental::unguarded`; a breached
/// wall's gaps count as its Bombs): it counts once an enemy Miner is this many steps or
/// fewer from a Bomb of the wall ...
pub const GUARD_WATCH_STEPS: i32 = 6;
/// ... and costs this much per step our nearest piece that beats a Miner is later than it,
/// per step the Miner stands inside the watch ... (25 was tried after a ladder game lost to
/// `classic` at +1,330, where a raider 5 steps from the wall with our guard 7 away cost only
/// 60: self-play against 15 at 50 ms a move stood at 39-52-8 after 99 games, seed 355,
/// stopped; Flags lost to such raids 24 against 23, games lost with nothing left to move 24
/// against 14.)
pub const GUARD_LATE: i32 = 15;
/// ... for at most this many late steps.
pub const GUARD_MAX_LATE: i32 = 4;
/// An identified enemy piece loose in our half (option `Chase Raiders`, see
/// `Incremental::unanswered`) counts when at most this many of our movable pieces beat it ...
pub const CHASE_ANSWERS: u32 = 1;
/// ... and it stands this many steps or fewer from pieces of ours it beats (its prey) ...
pub const CHASE_PREY_STEPS: i32 = 3;
/// ... and costs this much per prey (at most [`CHASE_PREY_CAP`] count) per step our nearest
/// piece that beats it stands beyond the next square ...
pub const CHASE_LATE: i32 = 4;
pub const CHASE_PREY_CAP: i32 = 3;
/// ... for at most this many steps (a whole board: a step nearer counts from anywhere).
/// Against peternlewis (session 19, 40 games), the enemy General took 7.1 of our pieces a
/// game in the games we lost and 2.6 in those we won, most of them while our Marshal,
/// identified, stood far off in the enemy's ranks. (`CHASE_LATE` 8 against 4 played worse
/// in self-play: 59-74-4 after 137 games at 50 ms, seed 334, stopped.)
pub const CHASE_MAX_LATE: i32 = 12;
/// A piece whose rank the enemy knows is cornered (see `Incremental::cornered`) when a
/// known enemy piece that beats it stands this many steps or fewer away ...
pub const HUNT_STEPS: i32 = 3;
/// ... and it has this many empty squares beside it or fewer ...
pub const HUNT_FLIGHT: usize = 1;
/// ... and then counts as this share of it lost (percent). Option `Cornered`, off by default:
/// against peternlewis (no memory, 100 ms a move, seed 431, 80 games) 75-4-1 with it
/// against 71-9-0 without, our Generals lost on a Bomb 6 against 14 (taken by its Marshal
/// 34 against 30); in self-play against the option off at 50 ms a move, elo0 −25, elo1 5:
/// 69-70-2 after 141 games (seed 336, stopped undecided for want of time); on against off
/// on one binary: 50-66-6 after 122 games (seed 337, stopped at the end of the session).
/// Counting only our cornered pieces (not the enemy's we corner), on against off on one
/// binary: 105-110-4 after 219 games (seed 338, stopped, LLR 0.22), our Generals taken by
/// a Marshal 68 against 53. 224-246-12 in all: no gain in self-play, so it stays off.
pub const HUNT_PERCENT: i32 = 40;
/// Bonus per row a movable piece has advanced from its own back row: it makes the search
/// seek contact instead of shuffling once nothing is in reach.
pub const ADVANCE_PER_ROW: i32 = 3;
/// Rank duel: the worth of one point of the pool (running out of points loses).
pub const DUEL_POINT: i32 = 30;
/// A lead of ours counts whole until the enemy has lost nothing for this many plies ...
pub const STALE_FREE_PLIES: u32 = 60;
/// ... then shrinks evenly over this many more ...
pub const STALE_SPAN_PLIES: u32 = 400;
/// ... to this share of it (percent).
pub const STALE_FLOOR_PERCENT: i32 = 25;
/// ... while our score, lead or not, loses up to this much (a draw is no result for us).
pub const STALE_CONTEMPT: i32 = 80;
/// What taking an enemy Flag we did not know for one is worth below the root, in a sampled
/// army (see `Searcher::terminal`): about the bonus for standing next to it, which the
/// capture takes away, and a little more.
pub const GUESSED_FLAG: i32 = 200;
/// When every root move loses by force in every sampled army, the search looks again with
/// an enemy that may not find our unrevealed Flag (see `Searcher::hoping`): every sampled
/// army shows it our Flag, which it has never seen. Each enemy turn our Flag stands in its
/// reach then costs this much instead of the game; about a quarter of our chance to win
/// when behind. Against asmodeus (a bot that never attacks), an identified enemy Miner
/// stood beside our walled Flag for 1,300 plies while the engine, every move scoring a loss
/// in two plies, played the first move listed instead of bringing a piece to take it.
pub const HOPE_COST: i32 = 100;
/// Score of a won game, less the plies it takes.
pub const WIN: i32 = 30_000;
/// Scores above this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Centi-Scouts per unit of the logistic curve that turns a sampled army's score into a
/// chance to win before the samples are averaged: a lead of a Marshal (450) stands for
/// about a 78 % chance.
pub const SCORE_SCALE: f64 = 350.0;
/// In each sampled army a root move scoring more than this below the best one found so far
/// is searched only far enough to prove it (its upper bound enters the mean): an exact
/// score for every move of every sample cost most of the search. 75 against 150 (with 4
/// samples, 50 ms a move): 111-124-7 (−19 ± 43) after 242 games (seed 314), stopped,
/// though `bench` visits 15 % fewer nodes.
pub const ROOT_MARGIN: i32 = 150;
/// Draws of the belief's chain that estimate the chance of each outcome of a root battle
/// with a piece of unknown kind. Measured on four positions of games against peternlewis
/// (six seeds each, against 200,000 draws): a hidden piece's estimate is off by 0.064 in
/// total variation on average, its worst kind by 0.09, in 2.3 ms; 1,600 draws 0.046 in
/// 5.6 ms, 3,200 draws 0.033 in 11.7 ms (on a loaded machine). Chains of 10 draws instead
/// of 50 helped little (0.059), and so did counting each swap proposal's odds instead of
/// the state alone (0.058): the error falls only as the draws grow.
pub const MARGINAL_DRAWS: usize = 800;
/// A neighbour less likely than this to be the kind that strikes our exposed piece (the
/// Spy beside our Marshal), its odds multiplied by [`SPY_DOUBT`], is no outcome of its own
/// (see `RootExposure` in the search).
pub const EXPOSURE_MIN_CHANCE: f64 = 0.005;
/// The factor on the odds that the striker stands among the hidden neighbours (shared among
/// them by their chances) when the search weighs a move that exposes our identified piece
/// to it (the Spy beside our Marshal, see `RootExposure` in the search), for the reason of
/// [`BOMB_DOUBT`]: among many moves the search picks those whose Spy chance the belief put
/// lowest. Against peternlewis, which keeps its Spy unmoved in its front row, our
/// identified Marshal stepped beside it at a Spy chance of 0.6 % to 3.4 % and was taken in
/// 11 games of 40. Self-play against the build before (50 ms a move, elo0 −25, elo1 5): H1
/// accepted after 396 games (199-177-20, seed 200) and after 110 (67-39-4, seed 202);
/// Marshals taken by a Spy 115 against 139.
/// Then 6 against 3 (on the faster Flag Guard): H1 accepted after 111 games (62-37-12,
/// seed 206), and even at seed 207 (109-111-10 after 230 games, stopped). peternlewis
/// without memory, seed 412: 32-7-1 at 6, 29-11-0 at 3, its Spy taking our Marshal in 14
/// and 16 games of 40: the pattern goes on (see the session notes). 12 (with the standing
/// exposure of session 35, not kept) against peternlewis at seed 422: 36-4-0 against
/// 35-5-0, the Spy taking our Marshal in 4 games against 5: the belief gives the Spy 0.5 %
/// to 3 % on its squares, too little for any factor to matter. Raising the odds for the
/// neighbours together (they were raised one by one, and an exposure whose raised chances
/// summed past 1 was dropped), with our certain captures weighed too: H1 accepted after 315
/// games of self-play (163-142-10, seed 329), Marshals taken by a Spy 76 against 100.
pub const SPY_DOUBT: f64 = 6.0;
/// The factor on the odds that a hidden neighbour which has moved is the striker, before
/// [`SPY_DOUBT`], when the search weighs a move that exposes our identified piece to it.
/// The belief rates a moved piece's Spy odds down ([`MOVER_ODDS`], measured on the bots,
/// whose Spies seldom move), but a Spy that hunts our Marshal moves, and stands beside it
/// when it does. In 315 games of self-play at 50 ms (seed 329), after our identified
/// Marshal won a battle, 166 of its hidden neighbours had moved, of which 47 were the Spy
/// (28 %), where the belief before the battle gave them 2.5 % on average (of the 40 it gave
/// under 2 % but some chance, half were the Spy; of the 90 it gave none, 3 %); its unmoved
/// neighbours were the Spy as often as it said (2.0 % against 2.1 %). The factor that fits
/// the moved ones best is about 60 in all (`scripts/records.py exposure`), so 10 before
/// `SPY_DOUBT`'s 6. Against the bots the
/// case is rare (3 to 8 such moved neighbours in 40 to 80 games, none the Spy).
/// Self-play against the build before (50 ms a move, elo0 −25, elo1 5): H1 accepted after
/// 181 games (97-75-9, +46 ± 50, seed 330); Marshals taken by a Spy 18 against 47.
/// 30 against 10: 30-32-2 after 64 games (seed 331, stopped). 20 against 10: 183-178-14
/// after 375 games (+5 ± 35, seed 335, stopped undecided), Marshals taken by a Spy 27
/// against 37: fewer strikes, but no measurable gain in the score. Weighing the enemy's
/// Marshal beside our identified General alike (with the factors that fit it, 2 and 10 in
/// all; branch `wip-threat`) played worse: 57-68-3 after 128 games (seed 332, stopped).
pub const MOVED_STRIKER_ODDS: f64 = 10.0;
/// The value from which our piece, once the enemy knows it (after a battle the root move
/// wins, or stepping beside hidden pieces when identified), weighs every kind that beats it
/// among the hidden pieces beside it by the belief's chances (see `RootExposure` in the
/// search), not by the few sampled armies alone: a Colonel's win beside a piece that is a
/// General one time in ten met it in none of four samples, or in two, and the search
/// picked the moves whose samples held no avenger. In 80 games against Demon of Ignorance
/// (`-l5`, seeds 453 and 454) its hidden pieces took our identified Majors, Colonels,
/// Generals and Marshals 124 times: 75 on the square where ours had just won a battle, 36
/// where ours had just stepped (`scripts/records.py avengers`).
///
/// Self-play against the build before (50 ms a move, elo0 −25, elo1 5): H1 accepted after
/// 179 games (95-74-10, +40 ± 50, seed 368). Over its 182 games, our identified strong
/// pieces taken by hidden ones right after a step 35 times against 81, after a win 154
/// against 157. Weighing the wins alone (not the steps): 88-89-10 after 187 games (seed
/// 367, stopped); the recaptures after a win fell (126 against 156), those after a step
/// rose (101 against 70). 100 against 150 (Captains and Miners too): 46-53-3 after 102
/// games (seed 370, stopped); our identified Captains and Miners taken right after a step
/// 23 against 38, but where they already stood 35 against 20, as with `AVENGER_DOUBT` 4.
pub const AVENGED_VALUE: i32 = 150;
/// The factor, for the reason of [`SPY_DOUBT`], on the odds that a kind which beats our
/// piece stands beside it (see [`AVENGED_VALUE`]). 4 against 2: 86-87-9 after 182 games of
/// self-play at 50 ms (seed 369, stopped); our identified strong pieces taken right after a
/// win 135 against 162, after a step 15 against 27, but where they already stood 35
/// against 20. 3 against 2, together with the belief reading the attacks the enemy declined
/// (option `Declined Attacks`, which makes these chances lower and truer; see
/// [`DECLINE_WEIGHT`]), against the build before: H1 accepted after 150 games (82-61-7,
/// seed 377; 85-62-7, +52 ± 55, once the games under way had finished); our identified
/// strong pieces taken by a hidden piece right after a step 22 times against 41, right
/// after a win 133 against 142, where they already stood 26 against 14. 4 against 3 (with
/// the declines) then: 121-121-12 after 254 games (seeds 378 and 381, stopped even).
pub const AVENGER_DOUBT: f64 = 3.0;
/// A neighbour less likely than this to be a kind that beats our piece, its odds
/// multiplied by [`AVENGER_DOUBT`], is no outcome of its own.
pub const AVENGER_MIN_CHANCE: f64 = 0.02;
/// The factor on each hidden piece's odds of being a Bomb when the search weighs our attacks
/// on it (see `doubt_bombs` in the search). Against the build before, in self-play at 50 ms
/// a move: 38-17-3 (H1 accepted after 58 games, seed 194) and 188-166-18 (H1 accepted after
/// 372, seed 195). Pieces lost attacking a Bomb over those 430 games: 810 against 1,056
/// (Marshals 48 against 60, Generals 71 against 92). Then 2.5 against 1.5: H1 accepted
/// after 420 games (214-195-11, seed 308). Against peternlewis (no memory, 100 ms a move,
/// seed 421, 40 games), whose back row hides Bombs among pieces that never move: 33-6-1
/// at 2.5, 33-5-2 at 1.5, its Bombs taking 4 of our Generals against 14 (Colonels 15
/// against 16). 4 against 2.5 (with `MOVED_STRIKER_ODDS`) played worse: 59-86-4 after 149
/// games of self-play (seed 333, stopped). In self-play (seed 378, memory off) the belief
/// gave the unmoved pieces the engine attacked Bomb odds 2 to 3 times lower than the
/// share that were Bombs before ply 250, and about right after (`scripts/records.py
/// calibration`), but halving this and [`STRONG_BOMB_DOUBT`] from ply 250 on played no
/// better: 74-79-6 after 159 games (seed 382, stopped), with 58 Colonels lost on Bombs
/// against 38, 15 Marshals against 9. 3.25 against 2.5: 91-108-10 after 209 games (seed
/// 383, stopped), with about as many pieces lost on Bombs (374 against 381). Against Demon
/// the belief is off late in the game too (see `docs/ucc.md`).
pub const BOMB_DOUBT: f64 = 2.5;
/// ... and the factor for our attackers worth [`STRONG_ATTACKER_VALUE`] or more (the Marshal
/// and the General), whose attacks on unmoved pieces ride on the Bomb chance more than any
/// other's: a Marshal beats every other kind it attacks, a General all but one. In 64 games
/// against Demon of Ignorance (`-l5`, seeds 450 and 451) our Marshal was lost on a Bomb in
/// 8 and our General in 12, theirs in 0 and 1; of the 59 attacks by our Marshal or General on unmoved pieces the
/// belief gave 2 % to 10 % Bomb, 11 met one. 5 against 2.5 for these two, self-play at
/// 50 ms a move (elo0 −25, elo1 5): H1 accepted after 339 games (173-154-12, seed 359).
/// Over its 342 games the new build lost 14 Marshals and 16 Generals on Bombs, the old one
/// 35 and 33 (Captains 87 against 58: other pieces probe instead). Against Demon `-l5`
/// (seed 453): 25-15-0, our Marshal lost on a Bomb in 3 games of 40, our General in 2.
/// 10 against 5: 33-35-2 after 70 games of self-play (seed 361, stopped).
pub const STRONG_BOMB_DOUBT: f64 = 5.0;
/// The value from which our attacker weighs Bombs by [`STRONG_BOMB_DOUBT`]. Counting the
/// Colonels too (200 against 300): 118-134-15 after 267 games of self-play at 50 ms a move
/// (seed 360, stopped); Colonels lost on Bombs 33 against 48, but Marshals 15 against 7 and
/// Generals 23 against 13.
pub const STRONG_ATTACKER_VALUE: i32 = 300;
/// Whether the enemy in a sampled army attacks our unidentified pieces only as far as what
/// it knows allows (see `Caution` in the search).
pub const CAUTIOUS_OPPONENT: bool = true;
/// ... and an enemy piece worth no more than this may attack them anyway, to probe.
pub const CAUTIOUS_PROBE_VALUE: i32 = 40;
/// ... until the enemy has made this many attacks on our unidentified pieces that it could
/// not have made knowingly, won or lost: then it may attack any of them in the sampled
/// armies, each attack weighed by what the kinds we hide give on average. Self-play at
/// 50 ms a move, elo0 −25, elo1 5: after 2 such attacks, against counting only lost
/// attacks with an enemy that then saw our ranks, H1 accepted after 45 games (32-10-3,
/// seed 321); after 1 against 2, H1 after 292 games (155-129-8, seed 322).
pub const RECKLESS_ATTACKS: usize = 1;
/// Determinizations (sampled enemy armies) per root search at full strength. Fewer armies
/// searched deeper did better in self-play at 50 ms a move, elo0 −25, elo1 5: 8 against 12,
/// H1 accepted after 219 games (117-94-8, seed 302); 6 against 8, H1 after 305 games
/// (156-137-12, seed 303); 4 against 6, H1 after 171 games (96-63-12, seed 312). 3 against
/// 4: 57-70-3 (−35 ± 60) after 130 games (seed 313), stopped. Keeping the youngest 3 of
/// a search's 4 armies for the next search of the game, while they still fit what it has
/// seen (so that the transposition table meets them again), did not deepen the search:
/// mean depth at `go movetime 50` over 606 positions of self-play 4.76 against 4.75, and
/// 96-103-3 after 202 games of self-play (seed 318, stopped).
pub const SAMPLES: usize = 4;
/// Deepest iteration at full strength.
pub const MAX_DEPTH: u32 = 64;
/// Under rules with no repetition limit (neither the two-squares nor the more-squares
/// rule), a root move back into a placement (as we see it) that has stood this many times
/// before in the game scores no more than a draw (0), whatever the samples say: nothing
/// ends a chase there, and ramen's identified Colonel chased our Captain round four squares
/// for the last 1,400 plies of a game drawn at the ply limit. A lead is then worth leaving
/// the loop for; a deficit changes nothing. Self-play under ISF rules (with the rule
/// applied regardless of the rules, 50 ms a move): even, 118-129-10 after 257 games
/// (seed 210); scoring such a move exactly 0, deficit or not, drew pieces of ours into
/// Bombs to break loops and stood at 31-42-3 after 76 (seed 209). ramen (no memory, seed
/// 412, 40 games): 37-1-2, with 2 ply-limit draws where the build before had 6 (33-1-6).
pub const REPEAT_DRAW_SEEN: usize = 2;
/// Late move reductions: below the root, at this depth and deeper (at least 2), a quiet
/// move (onto an empty square) ordered after the first [`LMR_AFTER`] is first tested one
/// ply shallower, with a null window, and searched in full only when the test says it may
/// be better. `bench --depth 5`: 6.1 M nodes instead of 11.7 M; at `go movetime 100`, over
/// 62 self-play positions, mean depth 4.08 instead of 3.60. Self-play against the build
/// before, 50 ms a move (35 ms of search), elo0 −25, elo1 5: H1 accepted after 256 games
/// (139-109-8, seed 213); a second run stood even (158-158-9 after 325 games, seed 214,
/// stopped). At 20 ms of search it had stood even too (121-126-17 after 264 games, seed
/// 208); reducing from depth 3 only did not deepen the search at all.
pub const LMR_MIN_DEPTH: u32 = 2;
/// ... the moves searched at full depth before reductions begin.
pub const LMR_AFTER: usize = 3;
/// ... and a quiet move ordered after this many, from [`LMR_DEEP_MIN_DEPTH`], is tested
/// two plies shallower (then one, then in full, as the tests say it may be better):
/// Stratego has dozens of quiet moves a node, most of them idle. `bench --depth 5`: 1.19 M
/// nodes instead of 1.74 M. Self-play against the build before at 50 ms a move, elo0 −25,
/// elo1 5: H1 accepted after 273 games (148-121-4, seed 315). After 6 instead (1.08 M
/// nodes): 14-22 after 36 games (seed 316), stopped early, little evidence either way.
pub const LMR_DEEP_AFTER: usize = 10;
/// ... at this depth and deeper (at least 3: the test searches the depth less 3 plies).
pub const LMR_DEEP_MIN_DEPTH: u32 = 4;
/// Late move pruning: at depth 1, below the root, in a node tested with a null window, the
/// quiet moves ordered after this many moves are not searched (once one move has a score
/// that is no forced loss). `bench --depth 5`: 0.97 M nodes instead of 1.19 M; `--depth 6`
/// 2.16 M instead of 2.80 M. Self-play against the build before, elo0 −25, elo1 5: at
/// 50 ms a move 232-230-19 after 481 games (seed 319, LLR 1.51, stopped undecided); at
/// 100 ms, the time, H1 accepted after 41 games (24-13-4, seed 320).
pub const LMP_AFTER: usize = 12;
/// The null move (see `null_move` in the search): whether the search tries it, from which
/// depth, and how many plies shallower than a move the reply to the pass is searched.
/// `bench --depth 6`: 5.82 M nodes instead of 6.58 M (5.35 M with a reduction of 3).
/// Self-play against the build before at 50 ms a move, elo0 −25, elo1 5: H1 accepted after
/// 234 games (125-98-11, seed 305). A reduction of 3 against 2: 79-90-4 (−22 ± 52) after
/// 173 games (seed 309), stopped.
pub const NULL_MOVE: bool = true;
pub const NULL_MIN_DEPTH: u32 = 3;
pub const NULL_REDUCTION: u32 = 2;
/// Extra plies of attacks searched at the horizon. The main search has no extensions: a
/// ply more after a move that left its piece beside an identified enemy piece worth 220 or
/// more that it beats (a chase, like a check in chess; at most 4 a line, the move never
/// reduced) stood even in self-play against the build before at 50 ms a move: 158-158-13
/// after 329 games (seed 352, stopped; branch `wip-threat-ext`). It did not fire in the
/// peternlewis games that suggested it, where an enemy Marshal still unidentified herded
/// our General into a corner from two or more squares away.
pub const QUIESCENCE_PLIES: u32 = 4;
/// Nodes between two looks at the clock and the stop flag.
pub const CHECK_EVERY: u64 = 1024;
/// Milliseconds kept back from every clock limit (option `Move Overhead`), for the reply to
/// reach the referee in time. Measured with `go movetime` over 59 self-play positions: with
/// none kept back the reply came at most 1.3 ms late on an idle machine and 8.8 ms late on
/// one running a 2-game match beside it (two searches per core).
/// Self-play at 15 against 30 (50 ms a move): H1 accepted after 302 games (158-134-10,
/// seed 212), no game lost on time.
pub const MOVE_OVERHEAD_MS: u64 = 15;
/// Moves to go assumed when the clock gives none.
pub const DEFAULT_MOVES_TO_GO: u64 = 40;

/// Belief: added to every count of the human-setup prior (a kind never seen on a square
/// keeps a small chance there).
pub const PRIOR_SMOOTHING: f64 = 0.5;
/// Belief: added to every count of a pair of neighbouring setup squares before their link
/// is taken (the corpus holds about 32,000 pairs for each pair of classic squares).
pub const LINK_SMOOTHING: f64 = 0.5;
/// Belief: the power the links between neighbouring squares are raised to. Below 1 it
/// tempers them, since a product of pairwise links over a grid counts some evidence twice.
/// Yet 1 scores best: over the 100 self-play games on human setups of seed 344, both sides'
/// views (`examples/inference records`, session 47), the mean log2 of the truth's chance with
/// squares, links and behaviour was −2.536 at 0.5, −2.515 at 0.7, −2.506 at 0.85, −2.505
/// at 1 and −2.511 at 1.15 (Bomb log loss 0.547, 0.539, 0.534, 0.531, 0.531 bits). The one
/// statistic the links overshoot, Bombs around the Flag (0.66 against people's 0.57; see
/// the belief's tests), is not worth what tempering costs everywhere else.
pub const LINK_STRENGTH: f64 = 1.0;
/// Belief: likelihood ratio for a piece that walked up to an identified piece of ours, in
/// favour of the kinds that beat it (below what a sure fact would be: people bluff).
pub const APPROACH_WEIGHT: f64 = 3.0;
/// Belief: likelihood ratio for a piece that ran from an identified piece of ours that came
/// next to it, in favour of the kinds that lose to it.
pub const FLEE_WEIGHT: f64 = 3.0;
/// Belief (option `Declined Attacks`, on by default): likelihood ratio, against the kinds
/// that would win attacking it, for each enemy turn a piece stood beside an identified
/// piece of ours and did not attack it, where ours is worth at least half that kind: pieces
/// that beat ours take them, unless showing their rank costs more than ours is worth.
/// Beside our identified pieces, Demon of Ignorance attacked on 64 % of its turns with the
/// hidden moved pieces that beat them and on 51 % with the unmoved ones, against 2 % and
/// under 1 % with those that do not (120 games, seeds 453 to 455): declining a turn is 0.37
/// and 0.49 times as likely for a piece that beats ours. By worth: 81 % where ours is
/// worth at least half the attacker, 34 % where less. In self-play (seed 368) 50 % and 72 %.
///
/// Measured with `scripts/records.py neighbours` (the option on against off): the belief's
/// chance that a hidden neighbour of our identified Marshal, General, Colonel or Major beats
/// it, in 80 games against Demon (seeds 454 and 455), 3.7 % on average against 4.7 %
/// without, where 1.9 % did (log loss 0.071 bits against 0.086); in 102 games of self-play
/// (seed 370) 1.3 % against 1.8 %, where 0.5 % did (0.020 bits against 0.027). The log loss
/// of such a neighbour's true kind, beside our Lieutenants and stronger: 2.10 bits against
/// 2.21 at seed 455, 1.32 against 1.34 at seed 370; beside our weaker pieces 1.78 against
/// 1.71, and 0.60 against 0.62. Counting every declined kind whatever its worth made the
/// first measure sharper still but the true kind beside our stronger pieces worse than
/// without (2.24 bits at seed 455).
///
/// Self-play at 50 ms a move, elo0 −25, elo1 5: alone, on against off on one binary,
/// 36-52-5 after 93 games (seed 376, stopped); counting every kind whatever its worth,
/// 38-56-3 after 97 (seed 375, stopped); each kind once, 12-13-1 after 26 (seed 374,
/// stopped). The doubt the search lays on the belief's chance of an avenger beside our
/// identified pieces had been tuned against the belief without it: with [`AVENGER_DOUBT`]
/// 3 instead of 2, H1 accepted after 150 games against the build before (82-61-7, seed
/// 377).
pub const DECLINE_WEIGHT: f64 = 0.4;
/// ... for at most this many turns in all: a piece may wait for a better moment, or guard.
pub const DECLINE_TURNS: u32 = 4;
/// Belief: a hidden enemy piece's quiet moves around an identified piece of ours that only
/// a striker beats (the Spy, which takes our Marshal by attacking it), each counted in one
/// band by its distance (steps, lakes ignored) to our nearest such piece after the move:
/// up to [`STALK_NEAR`] and closer than before; up to it and not closer; up to
/// [`STALK_MIDDLE`]; further.
pub const STALK_NEAR: i32 = 2;
pub const STALK_MIDDLE: i32 = 4;
/// ... and the likelihood ratio of each band's move in favour of the striker: in 100 games
/// of self-play at 50 ms (`scripts/records.py stalking`), of the Spy's moves while it knew
/// our Marshal 34 %, 0 %, 39 % and 27 % fell in the bands, of the other kinds' 3 %, 7 %,
/// 23 % and 67 % (a Spy that knows our Marshal hovers around it and guards the pieces it
/// may take). Tempered to 6, 0.3, 2 and 0.4 the Spy's chance still fell far short of how
/// often the piece was the Spy (after our identified Marshal won a battle, its moved
/// neighbours that the belief gave 10 % to 30 % were the Spy in 13 of 20) and play did not
/// change (136-135-11 against the build before after 282 games). With these, self-play
/// against the option off: 126-97-13, +42.9 ± 43.6, H1 accepted after 236 games (seed
/// 197), then 141-164-8 after 313 games (seed 198, stopped): no gain that holds, so the
/// option is off by default.
pub const STALK_ODDS: [f64; 4] = [11.0, 0.1, 1.8, 0.4];
/// ... and the bounds on their product for one piece (the moves are not independent).
pub const STALK_BOUNDS: (f64, f64) = (0.02, 100.0);
/// Belief: a piece that stood unmoved for `idle` enemy turns with an empty square beside it
/// is this much less likely to be of a movable kind: `(1 + idle / STILL_SCALE)^-STILL_POWER`
/// on the odds of each movable kind (the chain's counts then move the Bombs onto such
/// pieces from the boxed-in ones). Over every unmoved hidden piece at every 20th ply of
/// 100 self-play games on human setups (seed 344, 55,859 pieces), the belief without it
/// expected 26 % Bombs among the pieces idle fewer than 5 turns where 19 % stood, 45 %
/// among those idle 50 to 99 where 57 % stood, and 67 % among those idle 100 to 199 where
/// 80 % stood; and the pieces our attacks met at a 2–5 % Bomb chance were Bombs 17 % of the
/// time. Bomb log loss there 0.761 bits a piece without it, 0.729 with scale 50 and power
/// 0.75, 0.709 with these; on records it was not fitted to (192 self-play games of seed
/// 339 on our own setups and 80 against peternlewis, 87,299 pieces) 0.637, 0.618 and 0.613,
/// each band then within 0.01 of the truth. Self-play against the build before at 50 ms a
/// move (elo0 −25, elo1 5): H1 accepted after 182 games (100-79-3, +40 ± 51, seed 345).
/// (The factor is the same for every movable kind; a Spy that waits beside its General
/// may stand still longer than the rest: a factor per kind is for later.)
pub const STILL_SCALE: f64 = 25.0;
pub const STILL_POWER: f64 = 1.0;
/// Belief: likelihood ratio of each kind (by letter; 1 for a letter not named) for a piece
/// seen to move while its kind was hidden. Bombs and the Flag never move; among the rest,
/// the setup squares alone overrate the kinds that seldom move unseen: a Scout that moves
/// usually shows itself by going far, and a Spy waits beside its General. Measured on the
/// pieces that had moved, unidentified, in 120 games against peternlewis, celsius and ramen
/// (`examples/inference`, session 21): the belief expected 962 Scouts and 272 Spies where
/// 390 and 71 stood, and 111 Marshals where 196 stood; these are those ratios, rounded.
/// (In self-play, whose opponent moves Scouts and Spies one square at a time more often,
/// they cost 0.07 bits per moved piece; against the bots they gained 0.1 to 0.4.)
pub const MOVER_ODDS: [(char, f64); 10] = [
    ('X', 1.8),
    ('9', 1.3),
    ('8', 1.1),
    ('7', 1.5),
    ('6', 1.3),
    ('5', 1.4),
    ('4', 1.4),
    ('3', 0.75),
    ('2', 0.4),
    ('S', 0.25),
];
/// Belief: how predictably an opponent may put its Bombs where people most often do, and
/// how likely each level is before the game shows anything. At level `s`, each setup
/// square's Bomb odds from the Gravon setups are raised to the power `s` (and all scaled
/// so that the setup still holds as many Bombs): 1 is people as they are, higher levels a
/// bot's fixed habits. The belief mixes the levels by how well each fits the Bombs the
/// enemy has shown and the pieces it has moved. (Against peternlewis, celsius and ramen
/// the mix lowered the Bomb log loss by up to 5 %; in self-play it rose by 2 %.)
pub const SHARPNESS: [(f64, f64); 5] = [(1.0, 0.4), (1.5, 0.2), (2.0, 0.2), (3.0, 0.1), (4.0, 0.1)];
/// Memory: how many earlier games against one opponent are remembered (the oldest is
/// forgotten first).
pub const MEMORY_GAMES: usize = 50;
/// Memory: the chance that an opponent who repeats a setup changed any one square of it.
/// Small, so that one piece found where a remembered setup had another kind nearly rules
/// that setup out (×0.05), yet a setup with a few pieces swapped is still recognised.
pub const MEMORY_NOISE: f64 = 0.05;
/// Belief: draws taken from one chain before a fresh one starts, when marginals are counted.
pub const DRAWS_PER_CHAIN: usize = 50;
/// Belief: sweeps (each one swap proposal per free enemy piece, then a relocation of one
/// lone kind) before a chain's first draw is used when marginals are counted (later draws
/// of the chain come 2 sweeps apart). In the position [`SAMPLE_SWEEPS`] tells of, the
/// Marshal's chance on its piece from [`MARGINAL_DRAWS`] draws was off the long chains'
/// by 0.063 (root mean square over 40 seeds) with swaps alone, 0.024 with relocations; the
/// 800 draws took 4.7 ms against 2.8 ms.
pub const SWAP_SWEEPS: usize = 20;
/// Belief: sweeps (each of swap proposals, then a relocation of one lone kind) before the
/// draw that makes a sampled army for the search. With swaps alone, a kind held by one piece
/// (the Marshal) reached the piece where it belongs only when that very pair was proposed:
/// among 24 hidden pieces, once in 12 sweeps. In a position of a game against peternlewis
/// whose moved piece beside our identified General the belief made the Marshal, the share of
/// draws that put it there (1,500 draws each) was 0.47 after 10 sweeps, 0.62 after 20, 0.73
/// after 100 to 400 (`tests/view.rs`); with four armies none of which held it there, the
/// search left our General standing, and the Marshal took it. 200 sweeps of swaps alone
/// (session 45) beat 20 in self-play (H1 after 219 games, 118-93-8, seed 348). Relocating
/// the lone kinds gets there in 10 (0.74). After 50, the draws put every piece's kinds as
/// close to a long chain's as 100 to 200 of swaps alone did (summed squared error over
/// 1,500 draws 0.012, against 0.011 to 0.017; the draws' own noise is about 0.011), in
/// 117 µs an army against 202 µs for 200 in that position. Relocations with 50 sweeps
/// against 200 sweeps of swaps alone, self-play at 50 ms a move, elo0 −25, elo1 5: H1
/// accepted after 563 games (271-260-32, +8 ± 28, seed 349). Spreading the Marshal over
/// the armies by systematic sampling instead, on 20 sweeps of swaps (branch `wip-spread`),
/// stood 211-227-15 over 453 games of self-play (seeds 346 and 347).
pub const SAMPLE_SWEEPS: usize = 50;
/// Size of the transposition table a search makes when its owner keeps none (MiB).
pub const OWN_TABLE_MB: usize = 4;
/// Levels: the temperature of the final choice per point of strength below 100.
pub const TEMPERATURE_PER_STRENGTH: f64 = 1.5;

#[cfg(test)]
mod tests {
    use super::*;

    /// The value `scripts/records.py` gives `name` in its line `name = value` (`VALUES`, a
    /// dictionary from letters to numbers, or a plain number).
    fn script_value(script: &str, name: &str) -> String {
        let start = script
            .find(&format!("\n{name} = "))
            .unwrap_or_else(|| panic!("records.py defines no {name}"));
        let text = &script[start + name.len() + 4..];
        let end = if text.starts_with('{') {
            text.find('}').expect("the dictionary closes") + 1
        } else {
            text.find('\n').expect("the line ends")
        };
        text[..end].to_string()
    }

    /// `scripts/records.py` prints the engine's values beside the ones it fits from the
    /// results of games, from a table of its own (it cannot read them from the binary): this
    /// keeps that table in step when a value here changes.
    #[test]
    fn the_records_script_has_these_values() {
        let script = include_str!("../../scripts/records.py");
        let table = script_value(script, "VALUES");
        let mut letters = Vec::new();
        for pair in table.trim_matches(|c| c == '{' || c == '}').split(',') {
            let (letter, value) = pair.split_once(':').expect("a pair is letter: value");
            let letter = letter.trim().trim_matches('"');
            let value: i32 = value.trim().parse().expect("a value is a number");
            let expected = match letter {
                "X" => RANK_VALUE[10],
                "S" => RANK_VALUE[1],
                "B" => BOMB_VALUE,
                // The Flag's loss ends the game: the balance does not count it.
                "F" => 0,
                digit => RANK_VALUE[digit.parse::<usize>().expect("a rank's letter")],
            };
            assert_eq!(value, expected, "records.py values {letter} at {value}");
            letters.push(letter.to_string());
        }
        letters.sort();
        assert_eq!(
            letters.concat(),
            "23456789BFSX",
            "one value for each classic kind"
        );
        let dominant = script_value(script, "DOMINANT_PIECE");
        assert_eq!(dominant.trim().parse::<i32>(), Ok(DOMINANT_PIECE));
    }
}
