/* verso-deck.c: the practice deck: cards from the person's mistakes against the computer, their
 * spaced-repetition schedule, and their key file (one group per card, named by its board string). */
#include "verso-deck.h"

#include <string.h>

#include "notation.h"
#include "verso-analysis-store.h"
#include "verso-game-analysis.h"
#include "verso-keyfile.h"

/* A card is well under a kilobyte; a deck of thousands is still far below this. */
#define DECK_MAX_FILE_SIZE (32 * 1024 * 1024)
/* The intervals after successes in a row, in days; after the last, each is about twice the one
 * before. */
static const int interval_days[] = { 1, 3, 7, 16, 35 };

struct _VersoDeck {
  GObject parent_instance;

  VersoKeyFile file;
  gboolean was_damaged;
  GPtrArray *cards;  /* VersoDeckCard, in the order they joined */
};

G_DEFINE_FINAL_TYPE (VersoDeck, verso_deck, G_TYPE_OBJECT)

static VersoDeckCard *card_new (void)
{
  VersoDeckCard *card = g_new0 (VersoDeckCard, 1);

  card->answers = g_array_new (FALSE, FALSE, sizeof (VersoDeckAnswer));
  return card;
}

static void card_free (VersoDeckCard *card)
{
  g_array_unref (card->answers);
  g_free (card);
}

static void verso_deck_finalize (GObject *object)
{
  VersoDeck *self = VERSO_DECK (object);

  verso_key_file_clear (&self->file);
  g_ptr_array_unref (self->cards);
  G_OBJECT_CLASS (verso_deck_parent_class)->finalize (object);
}

static void verso_deck_class_init (VersoDeckClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = verso_deck_finalize;
}

static void verso_deck_init (VersoDeck *self)
{
  self->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) card_free);
}

/* Cards. */

gboolean verso_deck_card_score (const VersoDeckCard *card, int move, int *score)
{
  for (int i = 0; i < card->n_moves; i++)
    if (card->moves[i] == move) {
      *score = card->scores[i];
      return TRUE;
    }
  return FALSE;
}

int verso_deck_card_loss (const VersoDeckCard *card, int move)
{
  int best, score;

  if (!verso_deck_card_score (card, card->best, &best) || !verso_deck_card_score (card, move, &score))
    return -1;
  return MAX (best - score, 0);
}

gboolean verso_deck_card_is_learned (const VersoDeckCard *card)
{
  return card->interval >= (gint64) VERSO_DECK_LEARNED_DAYS * VERSO_DECK_DAY;
}

/* The best of the scored moves: the highest score, the first of equal ones. */
static int best_of (const VersoDeckCard *card)
{
  int best = 0;

  for (int i = 1; i < card->n_moves; i++)
    if (card->scores[i] > card->scores[best])
      best = i;
  return card->moves[best];
}

/* The interval after one more success than the card has in a row. */
static gint64 next_interval (const VersoDeckCard *card)
{
  if (card->successes < G_N_ELEMENTS (interval_days))
    return (gint64) interval_days[card->successes] * VERSO_DECK_DAY;
  return MIN (card->interval * 2, (gint64) 3650 * VERSO_DECK_DAY);
}

static void schedule (VersoDeckCard *card, gboolean success, gint64 now)
{
  if (success) {
    card->interval = next_interval (card);
    card->successes++;
  } else {
    card->interval = VERSO_DECK_RETRY_SECONDS;
    card->successes = 0;
    card->misses++;
  }
  card->due = now + card->interval;
}

static VersoDeckCard *find (VersoDeck *self, const Position *position)
{
  for (guint i = 0; i < self->cards->len; i++) {
    VersoDeckCard *card = g_ptr_array_index (self->cards, i);
    if (card->position.side_to_move == position->side_to_move
        && board_equal (&card->position.board, &position->board))
      return card;
  }
  return NULL;
}

/* The file. A card is a group named by its board string ("[---…---XO--- X]"):
 *   played=f7  scores=d3:6;c4:-2;…  line=d3c4PAe6  joined=, due=, interval= (seconds)
 *   successes=, misses=, answers=TIME:MOVE:LOSS;… */

static char *format_scores (const VersoDeckCard *card)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < card->n_moves; i++) {
    char name[3];
    notation_format_square (card->moves[i], name);
    g_string_append_printf (text, "%s%s:%d", i ? ";" : "", name, card->scores[i]);
  }
  return g_string_free (text, FALSE);
}

static char *format_answers (const VersoDeckCard *card)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < card->answers->len; i++) {
    const VersoDeckAnswer *answer = &g_array_index (card->answers, VersoDeckAnswer, i);
    char name[3];
    notation_format_square (answer->move, name);
    g_string_append_printf (text, "%s%" G_GINT64_FORMAT ":%s:%d", i ? ";" : "", answer->time, name,
                            answer->loss);
  }
  return g_string_free (text, FALSE);
}

static void write_card (GKeyFile *keys, const VersoDeckCard *card)
{
  char group[NOTATION_BOARD_SIZE], played[3];
  g_autofree char *scores = format_scores (card);
  g_autofree char *answers = format_answers (card);
  size_t size = notation_format_transcript (card->line, (size_t) card->line_length, true, NULL, 0) + 1;
  g_autofree char *line = g_malloc (size);

  notation_format_board (&card->position, group);
  notation_format_square (card->played, played);
  notation_format_transcript (card->line, (size_t) card->line_length, true, line, size);
  g_key_file_set_string (keys, group, "played", played);
  g_key_file_set_string (keys, group, "scores", scores);
  g_key_file_set_string (keys, group, "line", line);
  g_key_file_set_int64 (keys, group, "joined", card->joined);
  g_key_file_set_int64 (keys, group, "due", card->due);
  g_key_file_set_int64 (keys, group, "interval", card->interval);
  g_key_file_set_uint64 (keys, group, "successes", card->successes);
  g_key_file_set_uint64 (keys, group, "misses", card->misses);
  g_key_file_set_string (keys, group, "answers", answers);
}

static gboolean save (VersoDeck *self, GError **error)
{
  g_autoptr (GKeyFile) keys = g_key_file_new ();

  for (guint i = 0; i < self->cards->len; i++)
    write_card (keys, g_ptr_array_index (self->cards, i));
  return verso_key_file_save (&self->file, keys, error);
}

/* Reading: each problem names the card; a card with one is left out whole. */

/* A legal square of position by name. */
static gboolean parse_move (const Position *position, const char *text, int *move)
{
  uint64_t legal = board_legal_moves (&position->board);

  return notation_parse_square (text, strlen (text), move).error == NOTATION_OK
         && *move < 64 && (legal & board_bit (*move));
}

static gboolean read_scores (VersoDeck *self, const char *group, const char *text, VersoDeckCard *card)
{
  g_auto (GStrv) entries = g_strsplit (text, ";", -1);
  uint64_t legal = board_legal_moves (&card->position.board), seen = 0;

  for (guint i = 0; entries[i]; i++) {
    g_auto (GStrv) parts = g_strsplit (entries[i], ":", -1);
    gint64 score;
    int move;

    if (g_strv_length (parts) != 2 || !parse_move (&card->position, parts[0], &move)
        || (seen & board_bit (move))
        || !g_ascii_string_to_signed (parts[1], 10, -64, 64, &score, NULL)) {
      verso_key_file_mark_damaged (&self->file, "[%s] scores: “%s” is not a legal move and a score "
                                   "from -64 to 64, once each", group, entries[i]);
      return FALSE;
    }
    seen |= board_bit (move);
    card->moves[card->n_moves] = move;
    card->scores[card->n_moves++] = (int) score;
  }
  if (seen != legal) {
    verso_key_file_mark_damaged (&self->file, "[%s] scores: not every legal move has a score", group);
    return FALSE;
  }
  return TRUE;
}

static gboolean read_line (VersoDeck *self, const char *group, const char *text, VersoDeckCard *card)
{
  Position after = card->position;
  size_t n = 0;
  NotationStatus status = notation_parse_transcript (text, strlen (text), &after, card->line,
                                                     SEARCH_MAX_PLY, &n);

  card->line_length = (int) n;
  if (status.error != NOTATION_OK || n == 0 || card->line[0] != card->best) {
    verso_key_file_mark_damaged (&self->file, "[%s] line: “%s” is not a line of moves from the best one",
                                 group, text);
    return FALSE;
  }
  return TRUE;
}

static gboolean read_answers (VersoDeck *self, const char *group, const char *text, VersoDeckCard *card)
{
  g_auto (GStrv) entries = g_strsplit (text, ";", -1);

  for (guint i = 0; entries[i] && *text; i++) {
    g_auto (GStrv) parts = g_strsplit (entries[i], ":", -1);
    VersoDeckAnswer answer;
    gint64 time, loss;

    if (g_strv_length (parts) != 3 || !g_ascii_string_to_signed (parts[0], 10, 0, G_MAXINT64, &time, NULL)
        || !parse_move (&card->position, parts[1], &answer.move)
        || !g_ascii_string_to_signed (parts[2], 10, 0, 128, &loss, NULL)) {
      verso_key_file_mark_damaged (&self->file, "[%s] answers: “%s” is not a time, a legal move and "
                                   "the discs it lost", group, entries[i]);
      return FALSE;
    }
    answer.time = time;
    answer.loss = (int) loss;
    g_array_append_val (card->answers, answer);
  }
  return TRUE;
}

/* The numbers of a card; each is a whole number of its range. */
static gboolean read_schedule (VersoDeck *self, GKeyFile *keys, const char *group, VersoDeckCard *card)
{
  gint64 successes, misses;
  gboolean ok = verso_key_file_read_int (&self->file, keys, group, "joined", 0, G_MAXINT64, &card->joined)
              & verso_key_file_read_int (&self->file, keys, group, "due", 0, G_MAXINT64, &card->due)
              & verso_key_file_read_int (&self->file, keys, group, "interval", 0, G_MAXINT64, &card->interval)
              & verso_key_file_read_int (&self->file, keys, group, "successes", 0, G_MAXINT32, &successes)
              & verso_key_file_read_int (&self->file, keys, group, "misses", 0, G_MAXINT32, &misses);

  card->successes = (guint) successes;
  card->misses = (guint) misses;
  return ok;
}

static const char *const card_keys[] = { "played", "scores", "line", "joined", "due", "interval",
                                         "successes", "misses", "answers", NULL };

static VersoDeckCard *read_card (VersoDeck *self, GKeyFile *keys, const char *group)
{
  g_auto (GStrv) names = g_key_file_get_keys (keys, group, NULL, NULL);
  VersoDeckCard *card = card_new ();
  char *text[G_N_ELEMENTS (card_keys)] = { NULL };
  gboolean ok = TRUE;

  for (guint i = 0; names && names[i]; i++)
    if (!g_strv_contains (card_keys, names[i]))
      verso_key_file_mark_damaged (&self->file, "[%s] %s: unknown key", group, names[i]);
  for (guint k = 0; card_keys[k] && ok; k++)
    if (!(text[k] = g_key_file_get_string (keys, group, card_keys[k], NULL))) {
      verso_key_file_mark_damaged (&self->file, "[%s] %s: missing", group, card_keys[k]);
      ok = FALSE;
    }
  if (ok && (notation_parse_board (group, strlen (group), &card->position).error != NOTATION_OK
             || board_legal_moves (&card->position.board) == 0)) {
    verso_key_file_mark_damaged (&self->file, "[%s] is not a board string of a position with a move",
                                 group);
    ok = FALSE;
  }
  ok = ok && read_scores (self, group, text[1], card);
  if (ok && !parse_move (&card->position, text[0], &card->played)) {
    verso_key_file_mark_damaged (&self->file, "[%s] played: “%s” is not a legal move", group, text[0]);
    ok = FALSE;
  }
  if (ok)
    card->best = best_of (card);
  ok = ok && read_line (self, group, text[2], card) && read_schedule (self, keys, group, card)
       && read_answers (self, group, text[8], card);
  for (guint k = 0; k < G_N_ELEMENTS (text); k++)
    g_free (text[k]);
  if (!ok)
    g_clear_pointer (&card, card_free);
  return card;
}

static void read_group (VersoKeyFile *file, GKeyFile *keys, const char *group, gpointer user_data)
{
  VersoDeck *self = user_data;
  Position position;
  VersoDeckCard *card = NULL;

  if (notation_parse_board (group, strlen (group), &position).error == NOTATION_OK
      && find (self, &position))
    verso_key_file_mark_damaged (file, "[%s]: the same position twice", group);
  else if ((card = read_card (self, keys, group)))
    g_ptr_array_add (self->cards, card);
}

VersoDeck *verso_deck_new (const char *path)
{
  VersoDeck *self = g_object_new (VERSO_TYPE_DECK, NULL);

  verso_key_file_load (&self->file, path, "practice.ini", "Practice file", DECK_MAX_FILE_SIZE,
                       read_group, self);
  self->was_damaged = self->file.damaged;
  return self;
}

gboolean verso_deck_was_damaged (VersoDeck *self)
{
  g_return_val_if_fail (VERSO_IS_DECK (self), FALSE);
  return self->was_damaged;
}

const char *verso_deck_get_path (VersoDeck *self)
{
  g_return_val_if_fail (VERSO_IS_DECK (self), NULL);
  return self->file.path;
}

/* Joining. */

/* The mover of ply is a person against the computer under standard rules, and the coach graded
 * the move a mistake or worse. */
static gboolean joins (VersoGame *game, guint ply)
{
  const Position *before = verso_record_get_position (verso_game_get_record (game), ply - 1);
  VersoMoveScore score = verso_game_get_move_score (game, ply);

  return verso_game_get_mode (game) == VERSO_MODE_VERSUS_COMPUTER
         && verso_game_get_rules (game) == RULES_STANDARD
         && !verso_game_is_record (game)
         && ply > verso_game_get_given_moves (game)
         && verso_game_get_player (game, (VersoColor) before->side_to_move) == VERSO_PLAYER_HUMAN
         && score.known && score.grade >= VERSO_GRADE_MISTAKE;
}

/* The card's move, scores and line from the analysis; FALSE when a move has no score yet. */
static gboolean fill_card (VersoDeckCard *card, const Analysis *analysis, int played)
{
  const AnalysisMove *best = verso_analysis_best_move (analysis);

  if (!best || analysis->count > ANALYSIS_MAX_MOVES)
    return FALSE;
  for (int i = 0; i < analysis->count; i++)
    if (analysis->moves[i].depth == 0 || analysis->moves[i].move >= 64)
      return FALSE;
  card->n_moves = analysis->count;
  for (int i = 0; i < analysis->count; i++) {
    card->moves[i] = analysis->moves[i].move;
    card->scores[i] = analysis->moves[i].score;
  }
  card->played = played;
  card->best = best->move;
  card->line_length = MAX (best->pv_length, 1);
  memcpy (card->line, best->pv, sizeof card->line);
  card->line[0] = best->move;
  return TRUE;
}

/* Whether the card was answered since it last joined. */
static gboolean practised_since_joined (const VersoDeckCard *card)
{
  return card->answers->len > 0
         && g_array_index (card->answers, VersoDeckAnswer, card->answers->len - 1).time >= card->joined;
}

static gboolean same_analysis (const VersoDeckCard *a, const VersoDeckCard *b)
{
  return a->played == b->played && a->n_moves == b->n_moves && a->line_length == b->line_length
         && memcmp (a->moves, b->moves, sizeof a->moves) == 0
         && memcmp (a->scores, b->scores, sizeof a->scores) == 0
         && memcmp (a->line, b->line, sizeof a->line) == 0;
}

/* The card takes fresh's move, scores and line; a card practised since it last joined has been
 * missed again in a game: it starts its schedule again, due at once. */
static void update_card (VersoDeckCard *card, const VersoDeckCard *fresh, gint64 now)
{
  if (practised_since_joined (card)) {
    card->joined = card->due = now;
    card->interval = 0;
    card->successes = 0;
  }
  card->played = fresh->played;
  card->best = fresh->best;
  card->n_moves = fresh->n_moves;
  memcpy (card->moves, fresh->moves, sizeof card->moves);
  memcpy (card->scores, fresh->scores, sizeof card->scores);
  card->line_length = fresh->line_length;
  memcpy (card->line, fresh->line, sizeof card->line);
}

VersoDeckChange verso_deck_add_analysis (VersoDeck *self, const Position *position, int played,
                                         const Analysis *analysis, gint64 now, GError **error)
{
  VersoDeckCard fresh = { 0 }, *card;
  VersoDeckChange change;

  g_return_val_if_fail (VERSO_IS_DECK (self), VERSO_DECK_UNCHANGED);
  g_return_val_if_fail (position != NULL && analysis != NULL, VERSO_DECK_UNCHANGED);
  g_return_val_if_fail (error == NULL || *error == NULL, VERSO_DECK_UNCHANGED);

  if (!fill_card (&fresh, analysis, played))
    return VERSO_DECK_UNCHANGED;
  fresh.position = *position;
  if ((card = find (self, &fresh.position))) {
    if (!practised_since_joined (card) && same_analysis (card, &fresh))
      return VERSO_DECK_UNCHANGED;
    change = VERSO_DECK_UPDATED;
  } else {
    card = card_new ();
    card->position = fresh.position;
    card->joined = card->due = now;
    g_ptr_array_add (self->cards, card);
    change = VERSO_DECK_ADDED;
  }
  update_card (card, &fresh, now);
  save (self, error);
  return change;
}

VersoDeckChange verso_deck_add_move (VersoDeck *self, VersoGame *game, guint ply, gint64 now,
                                     GError **error)
{
  const VersoRecord *record;
  const Analysis *analysis;

  g_return_val_if_fail (VERSO_IS_DECK (self), VERSO_DECK_UNCHANGED);
  g_return_val_if_fail (VERSO_IS_GAME (game), VERSO_DECK_UNCHANGED);
  g_return_val_if_fail (error == NULL || *error == NULL, VERSO_DECK_UNCHANGED);

  record = verso_game_get_record (game);
  if (ply == 0 || ply > verso_record_get_length (record) || !joins (game, ply)
      || !(analysis = verso_game_get_analysis (game, ply - 1)))
    return VERSO_DECK_UNCHANGED;
  return verso_deck_add_analysis (self, verso_record_get_position (record, ply - 1),
                                  verso_record_get_move (record, ply), analysis, now, error);
}

/* Practice. */

guint verso_deck_get_size (VersoDeck *self)
{
  g_return_val_if_fail (VERSO_IS_DECK (self), 0);
  return self->cards->len;
}

const VersoDeckCard *verso_deck_get_card (VersoDeck *self, guint index)
{
  g_return_val_if_fail (VERSO_IS_DECK (self), NULL);
  g_return_val_if_fail (index < self->cards->len, NULL);
  return g_ptr_array_index (self->cards, index);
}

const VersoDeckCard *verso_deck_find (VersoDeck *self, const Position *position)
{
  g_return_val_if_fail (VERSO_IS_DECK (self), NULL);
  return find (self, position);
}

const VersoDeckCard *verso_deck_next_due (VersoDeck *self, gint64 now)
{
  const VersoDeckCard *next = NULL;

  g_return_val_if_fail (VERSO_IS_DECK (self), NULL);
  for (guint i = 0; i < self->cards->len; i++) {
    const VersoDeckCard *card = g_ptr_array_index (self->cards, i);
    if (card->due <= now && (!next || card->due < next->due))
      next = card;
  }
  return next;
}

gint64 verso_deck_get_next_due_time (VersoDeck *self)
{
  gint64 next = G_MAXINT64;

  g_return_val_if_fail (VERSO_IS_DECK (self), G_MAXINT64);
  for (guint i = 0; i < self->cards->len; i++)
    next = MIN (next, ((const VersoDeckCard *) g_ptr_array_index (self->cards, i))->due);
  return next;
}

int verso_deck_answer (VersoDeck *self, const Position *position, int move, gint64 now, GError **error)
{
  VersoDeckCard *card;
  VersoDeckAnswer answer;

  g_return_val_if_fail (VERSO_IS_DECK (self), -1);
  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  if (!(card = find (self, position)) || verso_deck_card_loss (card, move) < 0)
    return -1;
  answer.time = now;
  answer.move = move;
  answer.loss = verso_deck_card_loss (card, move);
  g_array_append_val (card->answers, answer);
  schedule (card, answer.loss <= VERSO_DECK_SUCCESS_LOSS, now);
  save (self, error);
  return answer.loss;
}

/* Statistics. */

/* The end of now's day in local time. */
static gint64 end_of_day (gint64 now)
{
  g_autoptr (GDateTime) time = g_date_time_new_from_unix_local (now);
  g_autoptr (GDateTime) midnight = NULL;
  g_autoptr (GDateTime) next = NULL;

  if (!time)
    return now;
  midnight = g_date_time_new_local (g_date_time_get_year (time), g_date_time_get_month (time),
                                    g_date_time_get_day_of_month (time), 0, 0, 0);
  next = midnight ? g_date_time_add_days (midnight, 1) : NULL;
  return next ? g_date_time_to_unix (next) : now;
}

VersoDeckSummary verso_deck_get_summary (VersoDeck *self, gint64 now)
{
  VersoDeckSummary summary = { 0 };
  gint64 day_end = end_of_day (now);

  g_return_val_if_fail (VERSO_IS_DECK (self), summary);
  for (guint i = 0; i < self->cards->len; i++) {
    const VersoDeckCard *card = g_ptr_array_index (self->cards, i);
    summary.cards++;
    summary.due_now += card->due <= now;
    summary.due_today += card->due < day_end;
    summary.learned += verso_deck_card_is_learned (card);
  }
  return summary;
}

void verso_deck_get_weeks (VersoDeck *self, gint64 now, VersoDeckPeriod *weeks, guint n_weeks)
{
  const gint64 week = 7 * (gint64) VERSO_DECK_DAY;

  g_return_if_fail (VERSO_IS_DECK (self));
  memset (weeks, 0, n_weeks * sizeof *weeks);
  for (guint i = 0; i < self->cards->len; i++) {
    const VersoDeckCard *card = g_ptr_array_index (self->cards, i);
    for (guint a = 0; a < card->answers->len; a++) {
      const VersoDeckAnswer *answer = &g_array_index (card->answers, VersoDeckAnswer, a);
      gint64 back = now - answer->time;
      if (back < 0 || back / week >= n_weeks)
        continue;
      weeks[back / week].answers++;
      weeks[back / week].successes += answer->loss <= VERSO_DECK_SUCCESS_LOSS;
    }
  }
}
