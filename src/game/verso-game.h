/* verso-game.h: one game of Reversi as a document: its record (verso-record.h) with navigation,
 * undo and redo, who plays each colour, the computer's moves, and its files (GGF, transcripts,
 * board strings, the saved session). Knows nothing of widgets.
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
#include "position.h"
#include "rules.h"
#include "verso-record.h"

G_BEGIN_DECLS

typedef enum {
  VERSO_COLOR_BLACK,
  VERSO_COLOR_WHITE,
} VersoColor;

typedef enum {
  VERSO_PLAYER_HUMAN,
  VERSO_PLAYER_COMPUTER,
} VersoPlayer;

/* The same values as the settings schema's game-mode enum. */
typedef enum {
  VERSO_MODE_VERSUS_COMPUTER,
  VERSO_MODE_TWO_PLAYERS,
  VERSO_MODE_COMPUTER_ONLY,
} VersoMode;

#define VERSO_GAME_ERROR (verso_game_error_quark ())
typedef enum {
  VERSO_GAME_ERROR_ILLEGAL_MOVE,
  VERSO_GAME_ERROR_NOT_YOUR_TURN,
  VERSO_GAME_ERROR_GAME_OVER,
  VERSO_GAME_ERROR_BAD_FILE,
} VersoGameError;
GQuark verso_game_error_quark (void);

static inline VersoColor verso_color_other (VersoColor color) { return color == VERSO_COLOR_BLACK ? VERSO_COLOR_WHITE : VERSO_COLOR_BLACK; }

#define VERSO_TYPE_GAME (verso_game_get_type ())
G_DECLARE_FINAL_TYPE (VersoGame, verso_game, VERSO, GAME, GObject)

/* A new game from the standard start; black moves first. */
VersoGame *verso_game_new (VersoPlayer black, VersoPlayer white, LevelId level);
VersoGame *verso_game_new_for_mode (VersoMode mode, VersoColor human_color, LevelId level);
/* A new game from a set-up position (a pass it forces is played; a finished one stays finished). */
VersoGame *verso_game_new_from_position (VersoPlayer black, VersoPlayer white, LevelId level,
                                         const Position *start);

/* A new game with every choice of the New Game dialog: the players, each computer's level, the
 * rules (rules.h), and whether it begins with a balanced opening (opening.h) drawn at random
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

VersoPlayer verso_game_get_player (VersoGame *game, VersoColor color);
void verso_game_set_player (VersoGame *game, VersoColor color, VersoPlayer player);
VersoMode verso_game_get_mode (VersoGame *game);
LevelId verso_game_get_level (VersoGame *game);
void verso_game_set_level (VersoGame *game, LevelId level);
/* Milliseconds the computer waits at least before its move appears (default 400). */
void verso_game_set_move_delay (VersoGame *game, guint milliseconds);

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
 * what verso_stats_add counts. Before the end: the same of the discs as they stand. */
int verso_game_get_final_score (VersoGame *game, VersoColor color);
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

/* The engine's best move for the side to move, searched in a worker thread. */
void verso_game_hint_async (VersoGame *game, GCancellable *cancellable,
                            GAsyncReadyCallback callback, gpointer user_data);
/* The move, and (each may be NULL) the final disc difference the engine predicts after it for
 * the side to move (positive when it wins) and whether that is exact (the endgame was solved). */
int verso_game_hint_finish (VersoGame *game, GAsyncResult *result, int *disc_difference,
                            gboolean *exact, GError **error);

/* The moves from the start to the position shown, e.g. "f5d6c3"; passes are "PA". */
char *verso_game_get_transcript (VersoGame *game);

/* The record: "changed" is emitted whenever it or the position shown changes. */
const VersoRecord *verso_game_get_record (VersoGame *game);
/* Moves recorded, passes included (the position shown is verso_game_get_ply). */
guint verso_game_get_length (VersoGame *game);
/* Shows the position after ply moves (0 = the start); the computer then waits (see above). */
void verso_game_go_to (VersoGame *game, guint ply);
gboolean verso_game_get_paused (VersoGame *game);
/* Pauses the computer where it stands (computer against itself: the Pause button): a search
 * under way is stopped and its answer dropped, and the game is paused as after navigating
 * until verso_game_resume () or a person plays. */
void verso_game_pause (VersoGame *game);
/* Lets the computer play in the position shown even though moves follow it. */
void verso_game_resume (VersoGame *game);
/* The name of the opening the game follows up to the position shown ("Tiger"), or NULL. */
const char *verso_game_get_opening (VersoGame *game);

/* The document: the file it was opened from or last saved to (NULL for none), and whether the
 * record changed since ("file" and "modified" properties). Any move played sets modified. */
GFile *verso_game_get_file (VersoGame *game);
void verso_game_set_file (VersoGame *game, GFile *file);
gboolean verso_game_get_modified (VersoGame *game);
void verso_game_set_modified (VersoGame *game, gboolean modified);

/* Analysis of the record (verso-game-analysis.c). Scores are final disc differences predicted
 * by the engine. A move's grade is set by the discs it loses against the best move of its
 * position: best 0, good 1-2, inaccuracy 3-5, mistake 6-11, blunder 12 or more. */
typedef enum {
  VERSO_GRADE_NONE,        /* not analysed (or a pass) */
  VERSO_GRADE_BEST,
  VERSO_GRADE_GOOD,
  VERSO_GRADE_INACCURACY,
  VERSO_GRADE_MISTAKE,
  VERSO_GRADE_BLUNDER,
} VersoGrade;

VersoGrade verso_grade_for_loss (int discs_lost);
/* A disc difference as it is read: "+4", "−2" (a true minus sign, U+2212), "0". */
char *verso_format_score (int score);
/* "best", "good", "inaccuracy", "mistake", "blunder" in the player's language (NULL for NONE). */
const char *verso_grade_get_name (VersoGrade grade);

/* What the analysis knows of the move that led to the position after `ply` moves. */
typedef struct {
  gboolean known;        /* FALSE: not analysed yet; the other fields are 0 */
  int score;             /* predicted final disc difference after the move, for Black */
  int best_move;         /* the best move of the position before it (a square, or BOARD_PASS) */
  int loss;              /* discs the move loses against best_move (>= 0) */
  VersoGrade grade;      /* from loss; VERSO_GRADE_NONE for a pass */
  gboolean exact;        /* both scores are exact */
  int depth;             /* plies searched (the empties when exact) */
} VersoMoveScore;

/* ply 1 .. length: the move that led to the position after ply moves. A score stays with the
 * record's move; a new line from an earlier position drops those of the moves it replaces.
 * "move-scored" (guint ply) is emitted when one becomes known or more exact. */
VersoMoveScore verso_game_get_move_score (VersoGame *game, guint ply);

/* The live coach ("coach" property, off for a new game): after each move of a person the
 * position before it is analysed in a worker of its own (verso-computer.h), never delaying the
 * computer's reply, and the move is scored and graded ("move-scored"). */
gboolean verso_game_get_coach (VersoGame *game);
void verso_game_set_coach (VersoGame *game, gboolean coach);

/* The coach's account of one colour's graded moves so far. */
typedef struct {
  int graded;            /* moves with a grade */
  int discs_lost;        /* sum of their losses */
  int mistakes;          /* moves graded inaccuracy, mistake or blunder */
  guint worst_ply;       /* 0 when no move lost anything */
  int worst_square;      /* the worst move's square */
  int worst_loss;
} VersoCoachSummary;
VersoCoachSummary verso_game_get_coach_summary (VersoGame *game, VersoColor color);
/* "18 discs lost in 4 mistakes; worst: 31. e2, −9", or "Every move was the best one" etc.;
 * NULL when no move of that colour is graded. Free with g_free. */
char *verso_game_describe_coach_summary (VersoGame *game, VersoColor color);

/* Scores of every legal move of the position shown ("scores" property, off for a new game):
 * while on, the position shown is analysed in the background whenever no computer move is
 * being searched, refined live ("scores-changed" after each refinement) and dropped the moment
 * the position changes. */
gboolean verso_game_get_show_scores (VersoGame *game);
void verso_game_set_show_scores (VersoGame *game, gboolean show);
/* The latest analysis of the position shown, or NULL when there is none (yet). Valid until the
 * next "scores-changed" or "changed". */
const Analysis *verso_game_get_scores (VersoGame *game);

/* Analyses every position of the record (not only the person's moves) at the default analysis
 * depth, filling each move's score and grade; progress (may be NULL) is called in the main
 * context with the positions done and their total. Cancelling stops it at once; the scores
 * found so far stay. Changing the record during the analysis cancels it. */
typedef void (*VersoGameAnalyseProgress) (guint done, guint total, gpointer user_data);
void verso_game_analyse_async (VersoGame *game, VersoGameAnalyseProgress progress,
                               gpointer progress_data, GCancellable *cancellable,
                               GAsyncReadyCallback callback, gpointer user_data);
gboolean verso_game_analyse_finish (VersoGame *game, GAsyncResult *result, GError **error);

/* Files and text (verso-game-files.c). */
typedef enum {
  VERSO_FORMAT_GGF,        /* the whole record, one GGF line */
  VERSO_FORMAT_TRANSCRIPT, /* "f5d6c3..." up to the last move; from the start position only */
  VERSO_FORMAT_BOARD,      /* the position shown: 64 squares, a space, the side to move */
} VersoFormat;

/* Files larger than this are refused before they are read. */
#define VERSO_GAME_MAX_FILE_SIZE (1024 * 1024)

/* The format a file name asks for: .ggf GGF, .obf or .board a board string, anything else a
 * transcript. */
VersoFormat verso_format_for_name (const char *file_name);
/* A game read from text: a GGF record, a board string or a transcript (detected). The game has
 * the given players and level, shows its last position and is not modified. Fails with
 * VERSO_GAME_ERROR_BAD_FILE and a message saying what and where ("move 23 (e2) is not legal",
 * "line 1, column 40: expected X, O or -", "not a GGF record"). *notice (may be NULL) receives a
 * remark to show, or NULL: "The file holds 3 games; the first one is shown." */
VersoGame *verso_game_new_from_text (const char *text, gsize length, VersoPlayer black,
                                     VersoPlayer white, LevelId level, char **notice,
                                     GError **error);
/* The same, where a text that cannot say the rules (a transcript or a board string: only GGF
 * has them, TY[8a] for Reverse) makes a game under rules: what the window pastes into a Reverse
 * game stays Reverse. verso_game_new_from_text and files opened make standard games then. */
VersoGame *verso_game_new_from_text_with_rules (const char *text, gsize length, VersoPlayer black,
                                                VersoPlayer white, LevelId level, Rules rules,
                                                char **notice, GError **error);
/* The game in a format (see VersoFormat); a transcript of a game from a set-up position is the
 * board string of its last position and moves are lost, so callers choose GGF for those (a game
 * without moves, which has no transcript, is its start's board string too). */
char *verso_game_to_text (VersoGame *game, VersoFormat format);
/* Reads a file in a worker thread, refusing one over VERSO_GAME_MAX_FILE_SIZE or holding bytes
 * that are not text before parsing; the game's file is set. */
void verso_game_open_async (GFile *file, VersoPlayer black, VersoPlayer white, LevelId level,
                            GCancellable *cancellable, GAsyncReadyCallback callback,
                            gpointer user_data);
VersoGame *verso_game_open_finish (GAsyncResult *result, char **notice, GError **error);
/* Writes the game atomically in the format its name asks for; on success the game's file is
 * set and it is no longer modified. */
gboolean verso_game_write (VersoGame *game, GFile *file, GError **error);

/* Saves the whole game (moves to redo included) atomically as a key file. */
gboolean verso_game_save (VersoGame *game, const char *path, GError **error);
/* Reads a saved game; fails with VERSO_GAME_ERROR_BAD_FILE naming what was wrong, or a
 * G_FILE_ERROR when the file cannot be read. */
VersoGame *verso_game_load (const char *path, GError **error);

/* Restores the game saved at path. Returns NULL without error when there is no file. A file that
 * cannot be understood is renamed aside (its new path in *set_aside, which may be NULL when the
 * rename failed) and the error says what was wrong; it is never read again. */
VersoGame *verso_game_restore (const char *path, char **set_aside, GError **error);

G_END_DECLS
