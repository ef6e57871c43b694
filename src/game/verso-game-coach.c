/* verso-game-coach.c: the live coach: the position before each move a person plays is analysed
 * on the analyst as soon as the move is played, unless the game's analysis of it is as deep
 * already (verso-game-analysis.c runs the jobs and keeps the store the grades are read from), and
 * the account of one colour's graded moves for the end of the game. */
#include "verso-game-analysis-private.h"

#include <glib/gi18n-lib.h>

#include "notation.h"

/* A coach's job goes before those of the review, after the coach's earlier ones. */
static void queue_coach_job (VersoGameAnalysis *a, Job *job)
{
  GList *link = a->queue.head;

  while (link && !((Job *) link->data)->for_review)
    link = link->next;
  if (link)
    g_queue_insert_before (&a->queue, link, job);
  else
    g_queue_push_tail (&a->queue, job);
}

void verso_game_coach_played (VersoGame *self, guint first_ply)
{
  VersoGameAnalysis *a = self->analysis;
  guint length = verso_record_get_length (self->record);

  if (!a || !a->coach)
    return;
  for (guint ply = first_ply; ply <= length; ply++)
    if (!verso_analysis_meets (verso_analysis_at (self, ply - 1), verso_analysis_limits (self, JOB_MOVE, FALSE))
        && !verso_game_is_book_move (self, ply))
      queue_coach_job (a, verso_analysis_job_new (self, JOB_MOVE, ply, FALSE));
  verso_analysis_request_schedule (self);
}

static gboolean is_coach_job (VersoGame *self, const Job *job)
{
  (void) self;
  return job->kind == JOB_MOVE && !job->for_review;
}

gboolean verso_game_get_coach (VersoGame *self)
{
  g_return_val_if_fail (VERSO_IS_GAME (self), FALSE);
  return self->analysis->coach;
}

void verso_game_set_coach (VersoGame *self, gboolean coach)
{
  VersoGameAnalysis *a;

  g_return_if_fail (VERSO_IS_GAME (self));
  a = self->analysis;
  if (!verso_game_change_flag (&a->coach, coach))
    return;
  if (!coach) {
    /* The coach's waiting jobs go; the review's stay. */
    verso_analysis_drop_jobs (self, is_coach_job);
    if (a->running && is_coach_job (self, a->running))
      verso_analysis_cancel_running (a);
  }
  verso_game_notify (self, VERSO_GAME_PROP_COACH);
}

static VersoColor mover_of (VersoGame *self, guint ply)
{
  return verso_record_get_position (self->record, ply - 1)->side_to_move == POSITION_WHITE ? VERSO_COLOR_WHITE
                                                                       : VERSO_COLOR_BLACK;
}

/* Whether the move at ply is color's own choice: not a pass, not a move of a balanced start. */
static gboolean is_choice_of (VersoGame *self, guint ply, VersoColor color)
{
  return ply > self->given_moves && mover_of (self, ply) == color
         && verso_record_get_move (self->record, ply) != BOARD_PASS;
}

static void add_graded (VersoCoachSummary *summary, const VersoMoveScore *score, guint ply, int square)
{
  summary->graded++;
  summary->discs_lost += score->loss;
  summary->grades[score->grade]++;
  if (score->loss > summary->worst_loss) {
    summary->worst_loss = score->loss;
    summary->worst_ply = ply;
    summary->worst_square = square;
  }
}

VersoCoachSummary verso_game_get_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary = { 0 };
  guint length;

  g_return_val_if_fail (VERSO_IS_GAME (self), summary);
  length = verso_record_get_length (self->record);
  for (guint ply = 1; ply <= length; ply++) {
    VersoMoveScore score;

    if (!is_choice_of (self, ply, color))
      continue;
    summary.moves++;
    score = verso_game_get_move_score (self, ply);
    if (score.known && score.grade != VERSO_GRADE_NONE)
      add_graded (&summary, &score, ply, verso_record_get_move (self->record, ply));
  }
  if (summary.worst_ply)
    summary.worst_number = verso_move_number (verso_record_get_start (self->record), summary.worst_ply);
  return summary;
}

/* "1 blunder, 3 mistakes, 4 inaccuracies": the grades present, the worst first. */
static char *grade_counts (const VersoCoachSummary *summary)
{
  char *text = NULL;

  for (VersoGrade grade = VERSO_GRADE_BLUNDER; grade >= VERSO_GRADE_INACCURACY; grade--) {
    int n = summary->grades[grade];
    g_autofree char *count = NULL;
    char *joined;

    if (n == 0)
      continue;
    if (grade == VERSO_GRADE_BLUNDER)
      count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d blunder", "%d blunders", (gulong) n), n);
    else if (grade == VERSO_GRADE_MISTAKE)
      count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d mistake", "%d mistakes", (gulong) n), n);
    else
      count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d inaccuracy", "%d inaccuracies", (gulong) n), n);
    /* TRANSLATORS: the coach's counts of moves per grade joined into a list,
     * e.g. "1 blunder, 3 mistakes" */
    joined = text ? g_strdup_printf (C_("coach grades", "%s, %s"), text, count) : g_strdup (count);
    g_free (text);
    text = joined;
  }
  return text;
}

/* "3 discs lost, no mistakes; worst: 12. c4, −2": no move graded inaccuracy or worse. */
static char *good_only (const VersoCoachSummary *summary)
{
  g_autofree char *lost = NULL;
  g_autofree char *worst = NULL;
  char square[3];

  notation_format_square (summary->worst_square, square);
  /* TRANSLATORS: the coach's worst move: its number as in the move list, its square and the
   * discs it lost (U+2212 minus sign), e.g. "31. e2, −9". */
  /* Translators: the worst move in the coach's summary, e.g. "12. c4, −2"; the space after the
   * number does not break, so that a wrapped line keeps the move whole */
  worst = g_strdup_printf (_("%u.\u00a0%s, −%d"), summary->worst_number, square, summary->worst_loss);
  lost = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d disc lost", "%d discs lost",
                                       (gulong) summary->discs_lost), summary->discs_lost);
  /* TRANSLATORS: "3 discs lost, no mistakes; worst: 12. c4, −2". */
  return g_strdup_printf (_("%s, no mistakes; worst: %s"), lost, worst);
}

/* The counts per grade, the worst move, and the discs lost in all, one line each. */
static char *mistakes (const VersoCoachSummary *summary)
{
  g_autofree char *counts = grade_counts (summary);
  g_autofree char *worst = NULL;
  g_autofree char *total = NULL;
  char square[3];

  notation_format_square (summary->worst_square, square);
  /* TRANSLATORS: the coach's worst move: its number as in the move list, its square and the
   * discs it lost against the best move, e.g. "Worst: 9. g2, 17 discs lost" (the space after
   * the number does not break). */
  worst = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Worst: %u.\u00a0%s, %d disc lost",
                                        "Worst: %u.\u00a0%s, %d discs lost", (gulong) summary->worst_loss),
                           summary->worst_number, square, summary->worst_loss);
  /* TRANSLATORS: the sum of the discs each of a player's moves lost against the best move of
   * its position; it can exceed the final disc difference, which this says. */
  total = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                        "%d disc lost in all: each move's loss against the best move "
                                        "then, which can add up to more than the final margin",
                                        "%d discs lost in all: each move's loss against the best move "
                                        "then, which can add up to more than the final margin",
                                        (gulong) summary->discs_lost), summary->discs_lost);
  return g_strjoin ("\n", counts, worst, total, NULL);
}

/* The summary without the moves left ungraded. */
static char *verdict (const VersoCoachSummary *summary)
{
  if (summary->discs_lost == 0)
    return g_strdup (_("Every move was the best one"));
  if (summary->grades[VERSO_GRADE_INACCURACY] + summary->grades[VERSO_GRADE_MISTAKE]
      + summary->grades[VERSO_GRADE_BLUNDER] == 0)
    return good_only (summary);
  return mistakes (summary);
}

char *verso_coach_summary_describe (const VersoCoachSummary *summary)
{
  g_autofree char *text = NULL;
  g_autofree char *reviewed = NULL;

  if (summary->graded == 0)
    return NULL;
  text = verdict (summary);
  if (summary->graded == summary->moves)
    return g_steal_pointer (&text);
  /* TRANSLATORS: under the coach's summary when some of the player's moves have no grade (a
   * review cancelled, or the coach turned on during the game), e.g. "Reviewed 24 of 30 moves" */
  reviewed = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Reviewed %d of %d move", "Reviewed %d of %d moves",
                                           (gulong) summary->moves), summary->graded, summary->moves);
  return g_strjoin ("\n", text, reviewed, NULL);
}

char *verso_game_describe_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary;

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  summary = verso_game_get_coach_summary (self, color);
  return verso_coach_summary_describe (&summary);
}
