/* verso-record.c: the moves and positions of one game and the one shown. The moves form a tree:
 * each position keeps the moves played from it, the first being its main continuation and the
 * others its variations. The current line (the start, through the position shown, then each
 * first continuation to the end) is kept as an array of the tree's nodes, so navigation along it
 * is an index and never replays; a forced pass is recorded right after the move that forced it. */
#include "verso-record.h"

#include <string.h>

/* No node: the start's parent, the end of a list of children. */
#define NO_NODE G_MAXUINT

typedef struct {
  Position position;
  int move;      /* the move that led here: a square, BOARD_PASS, or BOARD_NO_MOVE at the start */
  guint64 flips; /* the discs that move turned over */
} RecordEntry;

typedef struct {
  RecordEntry entry;
  guint parent;       /* NO_NODE at the start */
  guint first_child;  /* the main continuation, or NO_NODE */
  guint next_sibling; /* the next variation from the parent's position, or NO_NODE */
} RecordNode;

struct _VersoRecord {
  GArray *nodes; /* of RecordNode; [0] is the start */
  GArray *line;  /* of guint: the node of each position of the current line */
  guint current;
};

static inline RecordNode *node_at (const VersoRecord *record, guint id)
{
  return &g_array_index (record->nodes, RecordNode, id);
}

static inline guint line_node (const VersoRecord *record, guint ply)
{
  return g_array_index (record->line, guint, ply);
}

static inline const RecordEntry *entry_at (const VersoRecord *record, guint ply)
{
  return &node_at (record, line_node (record, ply))->entry;
}

static inline guint line_end (const VersoRecord *record)
{
  return line_node (record, record->line->len - 1);
}

static gboolean position_is_resting (const Position *position)
{
  return board_legal_moves (&position->board) != 0 || board_is_game_over (&position->board);
}

/* The tree. */

/* Adds move, legal in the position of parent, as parent's last continuation; returns the new
 * node, or NO_NODE (and adds nothing) when the move is not legal. */
static guint add_child (VersoRecord *record, guint parent, int move)
{
  RecordNode child = { .entry = node_at (record, parent)->entry, .parent = parent,
                       .first_child = NO_NODE, .next_sibling = NO_NODE };
  RecordEntry *next = &child.entry;
  guint id = record->nodes->len;
  guint *link;

  next->move = move;
  next->flips = 0;
  if (move != BOARD_PASS)
    next->flips = board_flips (next->position.board.player, next->position.board.opponent, move);
  if ((move != BOARD_PASS && next->flips == 0) || !position_play (&next->position, move))
    return NO_NODE;
  g_array_append_val (record->nodes, child);
  for (link = &node_at (record, parent)->first_child; *link != NO_NODE;
       link = &node_at (record, *link)->next_sibling)
    ;
  *link = id;
  return id;
}

/* The continuation of parent that plays move, or NO_NODE. */
static guint find_child (const VersoRecord *record, guint parent, int move)
{
  guint child = node_at (record, parent)->first_child;

  while (child != NO_NODE && node_at (record, child)->entry.move != move)
    child = node_at (record, child)->next_sibling;
  return child;
}

/* The index-th continuation of parent, or NO_NODE. */
static guint nth_child (const VersoRecord *record, guint parent, guint index)
{
  guint child = node_at (record, parent)->first_child;

  for (; child != NO_NODE && index > 0; index--)
    child = node_at (record, child)->next_sibling;
  return child;
}

/* Takes node out of its parent's continuations (it keeps its own). */
static void unlink_node (VersoRecord *record, guint id)
{
  guint *link = &node_at (record, node_at (record, id)->parent)->first_child;

  while (*link != id)
    link = &node_at (record, *link)->next_sibling;
  *link = node_at (record, id)->next_sibling;
  node_at (record, id)->next_sibling = NO_NODE;
}

/* Copies the subtree of id in from to the end of to, under parent; map receives each node's new
 * number. Returns id's. The depth is at most a game's moves and passes. */
static guint copy_subtree (GArray *from, guint id, guint parent, GArray *to, guint *map)
{
  RecordNode node = g_array_index (from, RecordNode, id);
  guint copy = to->len, previous = NO_NODE;

  node.parent = parent;
  node.first_child = node.next_sibling = NO_NODE;
  g_array_append_val (to, node);
  map[id] = copy;
  for (guint child = g_array_index (from, RecordNode, id).first_child; child != NO_NODE;
       child = g_array_index (from, RecordNode, child).next_sibling) {
    guint child_copy = copy_subtree (from, child, copy, to, map);
    if (previous == NO_NODE)
      g_array_index (to, RecordNode, copy).first_child = child_copy;
    else
      g_array_index (to, RecordNode, previous).next_sibling = child_copy;
    previous = child_copy;
  }
  return copy;
}

/* Drops the nodes no longer reachable from the start (after a deletion); the line follows. */
static void compact (VersoRecord *record)
{
  GArray *kept = g_array_sized_new (FALSE, FALSE, sizeof (RecordNode), record->nodes->len);
  g_autofree guint *map = g_new (guint, record->nodes->len);

  copy_subtree (record->nodes, 0, NO_NODE, kept, map);
  for (guint ply = 0; ply < record->line->len; ply++)
    g_array_index (record->line, guint, ply) = map[line_node (record, ply)];
  g_array_unref (record->nodes);
  record->nodes = kept;
}

/* The line. */

/* Continues the line from its last node along each first continuation. */
static void extend_line (VersoRecord *record)
{
  guint child;

  while ((child = node_at (record, line_end (record))->first_child) != NO_NODE)
    g_array_append_val (record->line, child);
}

/* The line through node as the continuation of position ply - 1. */
static void follow (VersoRecord *record, guint ply, guint id)
{
  g_array_set_size (record->line, ply);
  g_array_append_val (record->line, id);
  extend_line (record);
}

/* Appends a move legal in the line's last position, and the pass it forces if any, as a new
 * continuation; returns FALSE (and appends nothing) when the move is not legal. */
static gboolean append_move (VersoRecord *record, int move)
{
  guint id = add_child (record, line_end (record), move);

  if (id == NO_NODE)
    return FALSE;
  g_array_append_val (record->line, id);
  if (position_must_pass (&node_at (record, id)->entry.position))
    append_move (record, BOARD_PASS);
  return TRUE;
}

VersoRecord *verso_record_new (const Position *start)
{
  VersoRecord *record;
  RecordNode first = { .entry = { .move = BOARD_NO_MOVE, .flips = 0 }, .parent = NO_NODE,
                       .first_child = NO_NODE, .next_sibling = NO_NODE };
  guint root = 0;

  g_return_val_if_fail (start != NULL, NULL);
  g_return_val_if_fail ((start->board.player & start->board.opponent) == 0, NULL);

  record = g_new0 (VersoRecord, 1);
  record->nodes = g_array_new (FALSE, FALSE, sizeof (RecordNode));
  record->line = g_array_new (FALSE, FALSE, sizeof (guint));
  first.entry.position = *start;
  g_array_append_val (record->nodes, first);
  g_array_append_val (record->line, root);
  /* A start where a pass is forced has the pass recorded after it. */
  if (position_must_pass (start))
    append_move (record, BOARD_PASS);
  record->current = record->line->len - 1;
  return record;
}

VersoRecord *verso_record_new_from_notation (const NotationGame *game)
{
  VersoRecord *record;

  g_return_val_if_fail (game != NULL, NULL);

  record = verso_record_new (&game->start);
  g_return_val_if_fail (record != NULL, NULL);
  /* Passes are played where they are forced whether the notation wrote them or not, so a pass
   * it writes is one already played. The parsers check every move; one that is not legal here
   * ends the record all the same rather than leaving a position no move led to. */
  for (size_t k = 0; k < game->n_moves && k < NOTATION_MAX_MOVES; k++)
    if (game->moves[k] != BOARD_PASS && !append_move (record, game->moves[k])) {
      g_warning ("The game's move %zu is not legal; the record ends before it", k + 1);
      break;
    }
  record->current = record->line->len - 1;
  return record;
}

VersoRecord *verso_record_copy (const VersoRecord *record)
{
  VersoRecord *copy;

  g_return_val_if_fail (record != NULL, NULL);

  copy = g_new0 (VersoRecord, 1);
  copy->nodes = g_array_copy (record->nodes);
  copy->line = g_array_copy (record->line);
  copy->current = record->current;
  return copy;
}

void verso_record_free (VersoRecord *record)
{
  if (record) {
    g_array_unref (record->nodes);
    g_array_unref (record->line);
  }
  g_free (record);
}

void verso_record_to_notation (const VersoRecord *record, NotationGame *game)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (game != NULL);

  memset (game, 0, sizeof *game);
  game->start = node_at (record, 0)->entry.position;
  /* At most 60 discs and a pass before each, and one at the start: always fits. */
  for (guint id = node_at (record, 0)->first_child; id != NO_NODE && game->n_moves < NOTATION_MAX_MOVES;
       id = node_at (record, id)->first_child)
    game->moves[game->n_moves++] = node_at (record, id)->entry.move;
}

const Position *verso_record_get_start (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, NULL);
  return &entry_at (record, 0)->position;
}

gboolean verso_record_starts_standard (const VersoRecord *record)
{
  Position standard;

  g_return_val_if_fail (record != NULL, FALSE);
  position_init (&standard);
  return standard.side_to_move == entry_at (record, 0)->position.side_to_move
      && board_equal (&standard.board, &entry_at (record, 0)->position.board);
}

guint verso_record_get_length (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->line->len - 1;
}

guint verso_record_get_current (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, 0);
  return record->current;
}

const Position *verso_record_get_position (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (ply < record->line->len, NULL);
  return &entry_at (record, ply)->position;
}

int verso_record_get_move (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, BOARD_NO_MOVE);
  g_return_val_if_fail (ply < record->line->len, BOARD_NO_MOVE);
  return entry_at (record, ply)->move;
}

guint64 verso_record_get_flips (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (ply < record->line->len, 0);
  return entry_at (record, ply)->flips;
}

void verso_record_get_placing_plies (const VersoRecord *record, guint ply, guint plies[BOARD_SQUARES])
{
  memset (plies, 0, BOARD_SQUARES * sizeof *plies);
  g_return_if_fail (record != NULL);
  g_return_if_fail (ply < record->line->len);
  for (guint i = 1; i <= ply; i++) {
    int move = entry_at (record, i)->move;
    if (move >= 0 && move < BOARD_SQUARES)
      plies[move] = i;
  }
}

gboolean verso_record_is_resting (const VersoRecord *record, guint ply)
{
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (ply < record->line->len, FALSE);
  return position_is_resting (&entry_at (record, ply)->position);
}

gboolean verso_record_play (VersoRecord *record, int square, gboolean *passed)
{
  const Position *shown;
  guint child;

  g_return_val_if_fail (record != NULL, FALSE);

  if (passed)
    *passed = FALSE;
  if (square < 0 || square >= BOARD_SQUARES)
    return FALSE;
  shown = &entry_at (record, record->current)->position;
  if (!(board_legal_moves (&shown->board) & board_bit (square)))
    return FALSE;

  child = find_child (record, line_node (record, record->current), square);
  if (record->current < verso_record_get_length (record)
      && line_node (record, record->current + 1) == child) {
    /* The move recorded next: the rest of the line stays. */
  } else if (child != NO_NODE) {
    /* A variation already recorded: the line follows it. */
    follow (record, record->current + 1, child);
  } else {
    /* A new variation; the line it leaves stays in the tree. */
    g_array_set_size (record->line, record->current + 1);
    append_move (record, square);
  }
  record->current++;
  if (record->current < verso_record_get_length (record)
      && entry_at (record, record->current + 1)->move == BOARD_PASS) {
    record->current++;
    if (passed)
      *passed = TRUE;
  }
  return TRUE;
}

void verso_record_go_to (VersoRecord *record, guint ply)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (ply <= verso_record_get_length (record));

  /* A position where a pass is forced has the pass recorded after it. */
  while (ply < verso_record_get_length (record) && !verso_record_is_resting (record, ply))
    ply++;
  record->current = ply;
}

char *verso_record_get_transcript (const VersoRecord *record, guint ply)
{
  g_autofree int *moves = NULL;
  char *transcript;
  size_t size;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (ply <= verso_record_get_length (record), NULL);

  moves = g_new (int, ply + 1);
  for (guint k = 0; k < ply; k++)
    moves[k] = entry_at (record, k + 1)->move;
  size = notation_format_transcript (moves, ply, true, NULL, 0) + 1;
  transcript = g_malloc (size);
  notation_format_transcript (moves, ply, true, transcript, size);
  return transcript;
}

/* Variations. */

guint verso_record_count_branches (const VersoRecord *record, guint ply)
{
  guint count = 0;

  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (record), 0);

  for (guint child = node_at (record, line_node (record, ply - 1))->first_child; child != NO_NODE;
       child = node_at (record, child)->next_sibling)
    count++;
  return count;
}

guint verso_record_get_branch (const VersoRecord *record, guint ply)
{
  guint index = 0;

  g_return_val_if_fail (record != NULL, 0);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (record), 0);

  for (guint child = node_at (record, line_node (record, ply - 1))->first_child;
       child != line_node (record, ply); child = node_at (record, child)->next_sibling)
    index++;
  return index;
}

int verso_record_get_branch_move (const VersoRecord *record, guint ply, guint index)
{
  guint child;

  g_return_val_if_fail (record != NULL, BOARD_NO_MOVE);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (record), BOARD_NO_MOVE);

  child = nth_child (record, line_node (record, ply - 1), index);
  g_return_val_if_fail (child != NO_NODE, BOARD_NO_MOVE);
  return node_at (record, child)->entry.move;
}

void verso_record_enter_branch (VersoRecord *record, guint ply, guint index)
{
  guint child;

  g_return_if_fail (record != NULL);
  g_return_if_fail (ply >= 1 && ply <= verso_record_get_length (record));

  child = nth_child (record, line_node (record, ply - 1), index);
  g_return_if_fail (child != NO_NODE);
  follow (record, ply, child);
  verso_record_go_to (record, ply);
}

gboolean verso_record_has_variations (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, FALSE);

  for (guint id = 0; id < record->nodes->len; id++)
    if (node_at (record, id)->next_sibling != NO_NODE)
      return TRUE;
  return FALSE;
}

gboolean verso_record_is_main_line (const VersoRecord *record)
{
  g_return_val_if_fail (record != NULL, FALSE);

  for (guint ply = 1; ply < record->line->len; ply++)
    if (node_at (record, line_node (record, ply - 1))->first_child != line_node (record, ply))
      return FALSE;
  return TRUE;
}

void verso_record_promote_line (VersoRecord *record)
{
  g_return_if_fail (record != NULL);

  for (guint ply = 1; ply < record->line->len; ply++) {
    guint id = line_node (record, ply);
    RecordNode *parent = node_at (record, line_node (record, ply - 1));

    if (parent->first_child == id)
      continue;
    unlink_node (record, id);
    parent = node_at (record, line_node (record, ply - 1));
    node_at (record, id)->next_sibling = parent->first_child;
    parent->first_child = id;
  }
}

gboolean verso_record_delete_branch (VersoRecord *record, guint ply)
{
  guint parent;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (ply >= 1 && ply <= verso_record_get_length (record), FALSE);

  if (verso_record_count_branches (record, ply) < 2)
    return FALSE;
  parent = line_node (record, ply - 1);
  unlink_node (record, line_node (record, ply));
  /* The line follows the first variation left, from the position where they part. */
  follow (record, ply, node_at (record, parent)->first_child);
  record->current = ply - 1;
  compact (record);
  return TRUE;
}

void verso_record_show_main_line (VersoRecord *record)
{
  g_return_if_fail (record != NULL);

  follow (record, 0, 0);
  verso_record_go_to (record, 0);
}

gboolean verso_record_follow_moves (VersoRecord *record, const int *moves, guint n_moves)
{
  guint id = 0;

  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (moves != NULL || n_moves == 0, FALSE);

  for (guint k = 0; k < n_moves; k++)
    if ((id = find_child (record, id, moves[k])) == NO_NODE)
      return FALSE;
  if (node_at (record, id)->first_child != NO_NODE)
    return FALSE;
  g_array_set_size (record->line, 0);
  for (guint node = id; node != NO_NODE; node = node_at (record, node)->parent)
    g_array_prepend_val (record->line, node);
  record->current = record->line->len - 1;
  return TRUE;
}

void verso_record_foreach_position (const VersoRecord *record, VersoRecordPositionFunc func,
                                    gpointer user_data)
{
  g_return_if_fail (record != NULL);
  g_return_if_fail (func != NULL);

  /* Every node is reachable from the start: a deletion compacts the tree. */
  for (guint id = 0; id < record->nodes->len; id++)
    func (&node_at (record, id)->entry.position, user_data);
}
