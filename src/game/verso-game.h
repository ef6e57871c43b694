/* verso-game.h: one game of Reversi as a document: its record (verso-record.h) with navigation,
 * undo and redo, who plays each colour, and the computer's moves. What the engine says of its
 * moves is in verso-game-analysis.h, its text and files in verso-game-files.h; the names all
 * three share in verso-game-types.h. Knows nothing of widgets.
 *
 * The computer moves whenever it is its turn, except in a position reached by navigating the
 * record (undo, redo, going to a move, opening a file) that has moves after it: there it waits
 * ("paused") until a person plays or verso_game_resume() is called. At the end of the record it
 * always moves. */
#pragma once

#include <glib-object.h>
#include <gio/gio.h>

#include "analysis.h"
#include "board.h"
#include "level.h"
#include "level_mix.h"
#include "position.h"
#include "rules.h"
#include "time_control.h"
#include "verso-game-types.h"
#include "verso-record.h"

G_BEGIN_DECLS

#define VERSO_TYPE_GAME (verso_game_get_type ())
G_DECLARE_FINAL_TYPE (VersoGame, verso_game, VERSO, GAME, GObject)

/* A new game from the standard start; black moves first. */
VersoGame *verso_game_new (VersoPlayer black, VersoPlayer white, LevelId level);
/* A new game from a set-up position (a pass it forces is played; a finished one stays finished). */
VersoGame *verso_game_new_from_position (VersoPlayer black, VersoPlayer white, LevelId level,
                                         const Position *start);

/* A new game with every choice of the New Game dialog: the players, each computer's level, the
 * rules (rules.h), and whether it begins with a balanced start (opening.h) drawn at random
 * with seed: its moves are then played at once and recorded as given moves. */
typedef struct {
  VersoPlayer players[2];  /* indexed by VersoColor */
  LevelId levels[2];       /* the level of each colour when the computer plays it */
  Rules rules;
  gboolean balanced_start;
  guint32 seed;
} VersoGameSetup;
VersoGame *verso_game_new_with_setup (const VersoGameSetup *setup);

/* The rules the game is played under ("rules" property); fixed when the game is made, kept in
 * its files (GGF TY[8a]), followed by the computer, hints, the coach and every analysis; the
 * winner is the player with fewer discs under RULES_REVERSE. */
Rules verso_game_get_rules (VersoGame *game);
/* The moves at the start of the record given by a balanced start (0 for none). They are not
 * the players' choice: undo stops after them, and the coach does not grade them. */
guint verso_game_get_given_moves (VersoGame *game);

/* Each colour's computer level ("level" is notified when either changes). verso_game_get_level
 * is the level of the computer's first colour (Black's when both or neither are the computer);
 * verso_game_set_level sets both. */
LevelId verso_game_get_level_for (VersoGame *game, VersoColor color);
void verso_game_set_level_for (VersoGame *game, VersoColor color, LevelId level);

/* "Match my level": the computer plays as mix (level_mix.h), a strength between two levels,
 * for both colours; its levels become the mix's nearest (so the statistics count the game
 * under it, and "level" is notified). NULL, or any level set, ends it. Saved with the session. */
void verso_game_set_level_mix (VersoGame *game, const LevelMix *mix);
/* TRUE with *mix (may be NULL) when the computer plays as a mix. */
gboolean verso_game_get_level_mix (VersoGame *game, LevelMix *mix);

VersoPlayer verso_game_get_player (VersoGame *game, VersoColor color);
void verso_game_set_player (VersoGame *game, VersoColor color, VersoPlayer player);
VersoMode verso_game_get_mode (VersoGame *game);

/* Another engine, a program speaking NBoard (verso-hosted-engine.h), may play a colour instead of
 * Verso's levels (verso-game-engine.c). The colour's player is then VERSO_PLAYER_COMPUTER, and
 * all said here of the computer's turn holds for it: it moves when it is its turn, thinking in a
 * worker thread, and verso_game_stop_computer stops it at once. command runs under /bin/sh -c,
 * started on its first move and kept for the game (started afresh after a stop); it is told
 * `set depth` (1..60; 0: its own default) and sent the game so far with the clock. name names it
 * in the record until it names itself (`set myname`). A NULL command gives the colour back to
 * Verso's levels; any verso_game_set_player, Play From Here or record ends an engine too. Kept
 * in the saved session.
 *
 * An engine that fails (does not start, exits, answers nonsense or an illegal move, or takes
 * longer than its limit without a clock) leaves the game at its last legal move and its colour to
 * a person (VERSO_PLAYER_HUMAN); the game then emits "engine-failed" (color, message, detail):
 * message in the person's language naming the engine and what it did, detail the engine's own
 * words in English for a log. An engine on a clock that runs past its flag loses on time. */
void verso_game_set_engine_for (VersoGame *game, VersoColor color, const char *name,
                                const char *command, int depth);
/* Whether an engine plays color, with its name, command and depth (each may be NULL); the
 * strings belong to the game and live until its players change. */
gboolean verso_game_get_engine_for (VersoGame *game, VersoColor color, const char **name,
                                    const char **command, int *depth);
/* The limits on engines: seconds to start, and to choose a move without a clock. */
#define VERSO_GAME_ENGINE_START_SECONDS 20.0
#define VERSO_GAME_ENGINE_MOVE_SECONDS 60.0
void verso_game_set_engine_limits (VersoGame *game, double start_seconds, double move_seconds);
LevelId verso_game_get_level (VersoGame *game);
void verso_game_set_level (VersoGame *game, LevelId level);
/* Milliseconds the computer waits at least before its move appears, unless told otherwise. */
#define VERSO_GAME_DEFAULT_MOVE_DELAY_MS 400
void verso_game_set_move_delay (VersoGame *game, guint milliseconds);

/* Records: a game opened or pasted that was not played against the computer here is a record
 * of a game between its players (verso-game-text.c says which texts are): both colours are
 * people, the computer never moves, and the file's details of who played it, where and when are
 * kept ("record" property, saved with the session). Playing a move keeps it a record; a new
 * player (verso_game_set_player, verso_game_play_from_here) makes it a game played here. */
typedef enum {
  VERSO_DETAIL_BLACK_NAME,
  VERSO_DETAIL_WHITE_NAME,
  VERSO_DETAIL_BLACK_RATING,
  VERSO_DETAIL_WHITE_RATING,
  VERSO_DETAIL_PLACE,  /* where it was played: a server ("GGS/os") or an event */
  VERSO_DETAIL_DATE,   /* as the file writes it */
  /* The result the file gives, in SGF's words ("B+12", "W+R" resigned, "B+T" on time, "0" a
   * draw), also for a GGF file; the moves' own count wins where they end the game. */
  VERSO_DETAIL_RESULT,
  VERSO_N_DETAILS
} VersoDetail;

gboolean verso_game_is_record (VersoGame *game);
/* A detail of a record as its file gives it, or NULL where it says nothing (and in a game played
 * here). */
const char *verso_game_get_detail (VersoGame *game, VersoDetail detail);
/* Makes the game a record between its players, with these details (each may be NULL or "";
 * control characters become spaces, "?" means unknown as in PGN): both colours become people
 * and any computer search stops. */
void verso_game_set_record (VersoGame *game, const char *const details[VERSO_N_DETAILS]);
/* Play From Here: the position shown becomes a game played here in mode (human_color says the
 * person's colour against the computer, level the computer's level, or mix its strength when
 * not NULL: Match my level): the record's details are dropped, the moves after the position
 * shown are kept to redo, and the computer plays at once if it is its turn. */
void verso_game_play_from_here (VersoGame *game, VersoMode mode, VersoColor human_color,
                                LevelId level, const LevelMix *mix);
/* A record's players, with their ratings where known: "Alice Martin (2105) against Bob Chen";
 * a colour without a name is "Black" or "White". */
char *verso_game_describe_players (VersoGame *game);
/* A record's place and date (the date's day only): "Paris Open · 2003.12.15", or NULL when the
 * file gives neither. */
char *verso_game_describe_event (VersoGame *game);
/* The name of color's player in a record ("Alice Martin"), or "Black" or "White". */
char *verso_game_describe_player (VersoGame *game, VersoColor color);
/* At game end, the result of a record as its players' result: "Bob Chen wins 41–23",
 * "White wins 41–23", "Draw 32–32" (the winner's count first, verso_game_get_final_count). */
char *verso_game_describe_result (VersoGame *game);

/* The position now shown. */
VersoColor verso_game_get_turn (VersoGame *game);
guint64 verso_game_get_discs (VersoGame *game, VersoColor color);
int verso_game_count (VersoGame *game, VersoColor color);
guint64 verso_game_get_legal_moves (VersoGame *game);
/* The square of the move that led to this position, or BOARD_NO_MOVE at the start. */
int verso_game_get_last_move (VersoGame *game);
gboolean verso_game_is_over (VersoGame *game);
/* At game end: the winner under the game's rules, or -1 for a draw. */
int verso_game_get_winner (VersoGame *game);
/* At game end: color's final disc difference under the game's rules, the empty squares given
 * to the winner, positive when color won (Reverse: -10 for the player left with 10 discs more);
 * what the person's statistics count. Before the end: the same of the discs as they stand. */
int verso_game_get_final_score (VersoGame *game, VersoColor color);
/* At game end: color's discs as the result counts them, the empty squares given to the one with
 * more discs (shared in a draw), so that the two counts differ by the final score: 63 to 1 when
 * the board ends 62 to 1 with one square empty (under Reverse, where the fewer discs win, the
 * loser takes them). Before the end: the same of the discs as they stand. */
int verso_game_get_final_count (VersoGame *game, VersoColor color);
gboolean verso_game_is_human_turn (VersoGame *game);
gboolean verso_game_get_thinking (VersoGame *game);
/* Number of moves played (passes included) up to the position shown. */
guint verso_game_get_ply (VersoGame *game);

/* Plays a move of a human player. Fails with VERSO_GAME_ERROR and changes nothing when the move
 * is not legal, it is the computer's turn, or the game is over. */
gboolean verso_game_play (VersoGame *game, int square, GError **error);

gboolean verso_game_can_undo (VersoGame *game);
gboolean verso_game_can_redo (VersoGame *game);
/* Against the computer, undo and redo step to the human's previous or next turn. */
void verso_game_undo (VersoGame *game);
void verso_game_redo (VersoGame *game);

/* Starts the computer's move if it is the computer's turn and none is under way. Called by the
 * game itself after every change; the window calls it once at the start. */
void verso_game_start_computer (VersoGame *game);
/* Stops any computer search now; its late answer is dropped. */
void verso_game_stop_computer (VersoGame *game);

/* The engine's best move for the side to move, searched in a worker thread: Verso's analysis of
 * the position shown, or the hint engine's move when one is set. Cancelling it, or a change of
 * the position shown, ends it at once (G_IO_ERROR_CANCELLED). */
void verso_game_hint_async (VersoGame *game, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
/* The move, and (each may be NULL) the final disc difference the engine predicts after it for
 * the side to move (positive when it wins) and whether that is exact (the endgame was solved). */
int verso_game_hint_finish (VersoGame *game, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error);

/* The hint engine (verso-game-hint-engine.c): another engine over NBoard that gives the hints
 * instead of Verso's analysis, asked for the move it would play (`go`) in the position shown,
 * without the clock, within the engines' limits (verso_game_set_engine_limits). command runs
 * under /bin/sh -c, started on the first hint and kept for the next, told `set depth` (1..60;
 * 0: its own default); name names it in the messages. A NULL command gives the hints back to
 * Verso; a hint already asked still comes from the engine it was asked of. Not saved.
 *
 * An engine that fails (does not start, exits, answers nonsense or an illegal move, or takes
 * longer than its limit) is stopped, and Verso's own hint answers instead, with a message saying
 * what the engine did (verso_game_hint_get_engine_failure); the next hint asks it again. */
void verso_game_set_hint_engine (VersoGame *game, const char *name, const char *command, int depth);
/* Whether an engine gives the hints, with its name, command and depth (each may be NULL); the
 * strings belong to the game and live until the hint engine changes. */
gboolean verso_game_get_hint_engine (VersoGame *game, const char **name, const char **command,
                                     int *depth);
/* Who answered the hint of result (after verso_game_hint_finish): the hint engine's name, and
 * whether it gave a score with its move (the disc difference then is that score, to the nearest
 * disc, and never exact); NULL when Verso's analysis answered. Valid while result lives. */
const char *verso_game_hint_get_engine (VersoGame *game, GAsyncResult *result, gboolean *has_score);
/* When the hint engine failed and Verso's analysis answered instead: what the engine did, in the
 * person's language and naming it, with (detail, may be NULL) its own words in English for a log;
 * NULL when it did not fail. Valid while result lives. */
const char *verso_game_hint_get_engine_failure (VersoGame *game, GAsyncResult *result,
                                                const char **detail);

/* The moves from the start to the position shown, e.g. "f5d6c3"; passes are "PA". */
char *verso_game_get_transcript (VersoGame *game);

/* The record: "changed" is emitted whenever it or the position shown changes. */
const VersoRecord *verso_game_get_record (VersoGame *game);
/* Moves recorded, passes included (the position shown is verso_game_get_ply). */
guint verso_game_get_length (VersoGame *game);
/* Shows the position after ply moves (0 = the start); the computer then waits (see above). */
void verso_game_go_to (VersoGame *game, guint ply);
/* One move back or forward. The position before a forced pass shows the one after it, so a step
 * over a pass goes one move further, to a position that looks different. */
void verso_game_go_back (VersoGame *game);
void verso_game_go_forward (VersoGame *game);
gboolean verso_game_get_paused (VersoGame *game);
/* Pauses the computer where it stands (computer against itself: the Pause button): a search
 * under way is stopped and its answer dropped, and the game is paused as after navigating
 * until verso_game_resume () or a person plays. */
void verso_game_pause (VersoGame *game);
/* Lets the computer play in the position shown even though moves follow it. */
void verso_game_resume (VersoGame *game);
/* The name of the opening the game follows up to the position shown ("Tiger"), or NULL. */
const char *verso_game_get_opening (VersoGame *game);

/* Variations (verso-game-variations.c): a move other than the recorded one from a past position
 * starts a variation and the old line stays (verso-record.h says what the branches at a ply
 * are). Each change emits "changed"; promoting and deleting modify the document. */
/* The moves recorded from position ply - 1 (1 when there is no variation there). */
guint verso_game_count_variations (VersoGame *game, guint ply);
/* Which of them the moves shown follow (0: the main continuation), and the move of each. */
guint verso_game_get_variation (VersoGame *game, guint ply);
int verso_game_get_variation_move (VersoGame *game, guint ply, guint index);
/* Shows the position after branch index at ply, its line following it; the computer then waits
 * as after navigating. */
void verso_game_enter_variation (VersoGame *game, guint ply, guint index);
gboolean verso_game_has_variations (VersoGame *game);
/* Where the variation shown leaves its parent line: the last ply up to the position shown whose
 * move is not the main continuation; 0 when the position shown is on the main line. */
guint verso_game_get_variation_ply (VersoGame *game);
/* Makes the line shown the main line; nothing when it is already. */
void verso_game_promote_variation (VersoGame *game);
/* Deletes the variation shown (from verso_game_get_variation_ply) and shows the position it
 * left from; nothing on the main line (FALSE). The last deletion can be undone as long as the
 * record's tree is what it left (moving through it is no change): the variation and the
 * position shown come back. */
gboolean verso_game_delete_variation (VersoGame *game);
gboolean verso_game_can_undo_delete_variation (VersoGame *game);
gboolean verso_game_undo_delete_variation (VersoGame *game);
/* Shows the next (step 1) or previous (step -1) variation where the line shown branches last,
 * at or before the position shown, or else just after it; FALSE when there is none. */
gboolean verso_game_switch_variation (VersoGame *game, int step);

/* The document: the file it was opened from or last saved to (NULL for none), and whether the
 * record changed since ("file" and "modified" properties). Any move played sets modified. */
GFile *verso_game_get_file (VersoGame *game);
void verso_game_set_file (VersoGame *game, GFile *file);
gboolean verso_game_get_modified (VersoGame *game);
void verso_game_set_modified (VersoGame *game, gboolean modified);

/* The clock (verso-game-clock.c). A game may have a time control (time_control.h): each side
 * starts with its main time, and the clock of the side to move runs while the game goes on, not
 * while it is paused (verso_game_pause, or the computer waiting in a position reached by
 * navigating), not after its end, never in a record of other players' game (verso_game_is_record:
 * its clock is kept as read). A move stops the mover's clock and adds the increment. A side
 * whose time runs out loses on time: verso_game_check_time finds it (the window calls it from a
 * timer), as does the next move, which is then refused; "game-over" is then emitted, and
 * verso_game_is_over is TRUE at the record's last position (the positions before it can be looked
 * at, but no move is accepted any more) and verso_game_get_winner names the other side.
 * Undo in a rated game never gives time back; in an unrated one each move taken back gives back
 * the time it took, less its increment. The times are kept in GGF (TI and each move's seconds)
 * and, with the time left, in the saved session. */

/* Seconds on a monotonic scale; a game reads the time only through it. */
typedef double (*VersoGameTimeSource) (gpointer user_data);
/* Replaces the game's time source (NULL: the monotonic clock), for tests. */
void verso_game_set_time_source (VersoGame *game, VersoGameTimeSource source, gpointer user_data);
/* Gives the game a time control (NULL: none), both sides at its main time, no move timed yet;
 * rated says whether undo may give time back. */
void verso_game_set_time_control (VersoGame *game, const TimeControl *control, gboolean rated);
/* Whether the game has a time control, with it and whether it is rated (each may be NULL). */
gboolean verso_game_get_time_control (VersoGame *game, TimeControl *control, gboolean *rated);
/* color's time left in seconds, now (never below 0); -1 without a time control. */
double verso_game_get_time_left (VersoGame *game, VersoColor color);
/* Whether color's clock is running. */
gboolean verso_game_get_clock_running (VersoGame *game, VersoColor color);
/* The seconds move ply (1..) of the line played took; -1 when not known (no clock, a move
 * read without a time, redone after another line was played). */
double verso_game_get_move_seconds (VersoGame *game, guint ply);
/* Whether the side to move's flag has fallen (see above); TRUE once the game is lost on time. */
gboolean verso_game_check_time (VersoGame *game);
/* Whether the game was lost on time, and by whom (*loser may be NULL). */
gboolean verso_game_lost_on_time (VersoGame *game, VersoColor *loser);

/* A time as the clocks and the move list write it, cut to whole seconds: "4:59", "1:02:03"; under
 * tenths_below seconds with its tenths, "0:09.3" (the clocks give 10, the moves 0: never). */
char *verso_format_clock (double seconds, double tenths_below);
/* A time as a screen reader says it, cut to whole seconds: "12 seconds", "4 minutes 59 seconds",
 * "1 hour 2 minutes"; "less than a second" above 0 and under 1. */
char *verso_format_duration (double seconds);

G_END_DECLS
