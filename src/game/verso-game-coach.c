/* verso-game-coach.c: the live coach: each move a person plays is scored and graded on the
 * analyst as soon as it is played (verso-game-analysis.c runs the jobs), and the account of one
 * colour's graded moves is kept for the end of the game. */
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
    if (!verso_analysis_entry_at (a, ply)->score.known)
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

VersoCoachSummary verso_game_get_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary = { 0 };
  VersoGameAnalysis *a;

  g_return_val_if_fail (VERSO_IS_GAME (self), summary);
  a = self->analysis;
  verso_analysis_sync_entries (self);
  for (guint ply = 1; ply <= a->entries->len; ply++) {
    const VersoMoveScore *score = &verso_analysis_entry_at (a, ply)->score;
    if (!score->known || score->grade == VERSO_GRADE_NONE || mover_of (self, ply) != color)
      continue;
    summary.graded++;
    summary.discs_lost += score->loss;
    if (score->grade >= VERSO_GRADE_INACCURACY)
      summary.mistakes++;
    if (score->loss > summary.worst_loss) {
      summary.worst_loss = score->loss;
      summary.worst_ply = ply;
      summary.worst_square = verso_analysis_entry_at (a, ply)->move;
    }
  }
  return summary;
}

char *verso_game_describe_coach_summary (VersoGame *self, VersoColor color)
{
  VersoCoachSummary summary;
  g_autofree char *lost = NULL;
  g_autofree char *worst = NULL;
  char square[3];

  g_return_val_if_fail (VERSO_IS_GAME (self), NULL);
  summary = verso_game_get_coach_summary (self, color);
  if (summary.graded == 0)
    return NULL;
  if (summary.discs_lost == 0)
    return g_strdup (_("Every move was the best one"));
  notation_format_square (summary.worst_square, square);
  /* TRANSLATORS: the coach's worst move: its number as in the move list, its square and the
   * discs it lost (U+2212 minus sign), e.g. "31. e2, −9". */
  worst = g_strdup_printf (_("%u. %s, −%d"),
                           verso_move_number (verso_record_get_start (self->record), summary.worst_ply),
                           square, summary.worst_loss);
  lost = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d disc lost", "%d discs lost",
                                       (gulong) summary.discs_lost), summary.discs_lost);
  if (summary.mistakes == 0)
    /* TRANSLATORS: "3 discs lost, no mistakes; worst: 12. c4, −2". */
    return g_strdup_printf (_("%s, no mistakes; worst: %s"), lost, worst);
  /* TRANSLATORS: "18 discs lost in 4 mistakes; worst: 31. e2, −9"; a mistake here is any
   * move graded inaccuracy, mistake or blunder. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s in %d mistake; worst: %s",
                                       "%s in %d mistakes; worst: %s", (gulong) summary.mistakes),
                          lost, summary.mistakes, worst);
}
