/* test-stats-dialog.c: the Statistics window follows the person's profile while it is open (a
 * game counted, a reset) and, once closed, no longer listens to it; after one rated game its
 * graph shows the rating as a point with its value over the band of its margin, and the margin
 * is said in words; the person's openings follow the games kept, and the Library lists them too. */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "gtk-test.h"
#include "verso-library-window.h"
#include "verso-stats-dialog.h"

static GtkWidget *template_child (GtkWidget *dialog, const char *name)
{
  GObject *child = gtk_widget_get_template_child (dialog, VERSO_TYPE_STATS_DIALOG, name);

  REQUIRE (child != NULL);
  return GTK_WIDGET (child);
}

static guint group_count (GtkWidget *dialog)
{
  guint count = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (template_child (dialog, "groups_box")); child;
       child = gtk_widget_get_next_sibling (child))
    count++;
  return count;
}

static const char *page (GtkWidget *dialog)
{
  return gtk_stack_get_visible_child_name (GTK_STACK (template_child (dialog, "stack")));
}

static void test_follows_the_profile (void)
{
  g_autofree char *folder = g_dir_make_tmp ("verso-stats-dialog-XXXXXX", NULL);
  g_autofree char *statistics = g_build_filename (folder, "statistics.ini", NULL);
  VersoProfile *profile = verso_profile_new (folder);
  GtkWidget *dialog = g_object_ref_sink (verso_stats_dialog_new (NULL, profile));
  VersoFinishedGame won = {
    .mode = VERSO_MODE_VERSUS_COMPUTER,
    .rules = RULES_STANDARD,
    .level = LEVEL_CASUAL,
    .disc_difference = 20,
  };

  CHECK_CMP_STR (page (dialog), ==, "empty");
  CHECK (!gtk_widget_get_sensitive (template_child (dialog, "reset_button")));

  /* Counted while open: the rating's group and the standard rules' appear. */
  CHECK_CMP_INT (verso_profile_record_game (profile, &won, g_get_real_time () / G_USEC_PER_SEC, NULL), ==,
                 VERSO_GAME_RATED);
  CHECK_CMP_STR (page (dialog), ==, "results");
  CHECK_CMP_UINT (group_count (dialog), ==, 2);
  CHECK (gtk_widget_get_sensitive (template_child (dialog, "reset_button")));

  /* Reset elsewhere (another window's Statistics): this one empties too. */
  CHECK (verso_profile_reset_statistics (profile, NULL));
  CHECK_CMP_STR (page (dialog), ==, "empty");
  CHECK_CMP_UINT (group_count (dialog), ==, 0);

  /* Closed: the profile, which outlives it, changes without a listener left. */
  check_gtk_destroy (dialog, TRUE);
  verso_profile_record_game (profile, &won, g_get_real_time () / G_USEC_PER_SEC, NULL);
  CHECK_FINALIZE (profile);
  CHECK_CMP_INT (g_remove (statistics), ==, 0);
  CHECK_CMP_INT (g_rmdir (folder), ==, 0);
}

/* The first widget under widget that test accepts, depth first. */
static GtkWidget *find_widget (GtkWidget *widget, gboolean (*test) (GtkWidget *))
{
  if (test (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child)) {
    GtkWidget *found = find_widget (child, test);

    if (found)
      return found;
  }
  return NULL;
}

static gboolean is_drawing_area (GtkWidget *widget)
{
  return GTK_IS_DRAWING_AREA (widget);
}

static gboolean explains_margin (GtkWidget *widget)
{
  return GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), "with 95 % certainty within ");
}

/* The graph drawn at width x height, as the window would, its pixels counted: those of the
 * rating's colour (the point and the line) and those of the band (the same blue, light, over the
 * card's grey or white). */
static void count_graph_pixels (GtkWidget *area, int width, int height, guint *point, guint *band,
                                int *point_left, int *point_right)
{
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (area);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr (GskRenderNode) node = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (snapshot);
  REQUIRE (node != NULL);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  *point = *band = 0;
  *point_left = width;
  *point_right = -1;
  for (int y = 0; y < height; y++) {
    const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) + y * cairo_image_surface_get_stride (surface));

    for (int x = 0; x < width; x++) {
      guint alpha = row[x] >> 24, blue = row[x] & 0xff, red = (row[x] >> 16) & 0xff;

      /* The rating's blue, opaque (54, 133, 227); the band the same at 18 %. */
      if (alpha > 240 && blue > 200 && red < 80) {
        (*point)++;
        *point_left = MIN (*point_left, x);
        *point_right = MAX (*point_right, x);
      } else if (alpha > 20 && blue > red + 20) {
        (*band)++;
      }
    }
  }
  cairo_surface_destroy (surface);
}

static void test_one_game_graph (void)
{
  g_autofree char *folder = g_dir_make_tmp ("verso-stats-dialog-XXXXXX", NULL);
  g_autofree char *statistics = g_build_filename (folder, "statistics.ini", NULL);
  VersoProfile *profile = verso_profile_new (folder);
  GtkWidget *dialog;
  GtkWidget *area;
  VersoFinishedGame won = {
    .mode = VERSO_MODE_VERSUS_COMPUTER,
    .rules = RULES_STANDARD,
    .level = LEVEL_CASUAL,
    .disc_difference = 20,
  };
  guint point, band;
  int left, right, width = 400, height = 120;

  CHECK_CMP_INT (verso_profile_record_game (profile, &won, g_get_real_time () / G_USEC_PER_SEC, NULL), ==,
                 VERSO_GAME_RATED);
  dialog = g_object_ref_sink (verso_stats_dialog_new (NULL, profile));
  gtk_window_present (GTK_WINDOW (dialog));
  for (int i = 0; i < 100; i++)
    g_main_context_iteration (NULL, FALSE);
  area = find_widget (dialog, is_drawing_area);
  REQUIRE (area != NULL);
  count_graph_pixels (area, width, height, &point, &band, &left, &right);
  /* A dot of radius 5 at least, not a clipped speck; in the middle, with its value beside it. */
  CHECK_CMP_UINT (point, >=, 60);
  CHECK_CMP_INT (left, >, width / 4);
  CHECK_CMP_INT (right, <, width * 3 / 4);
  /* The margin, a band across the graph: most of its width, a good part of its height. */
  CHECK_CMP_UINT (band, >, (guint) (width * height / 4));
  CHECK (find_widget (dialog, explains_margin) != NULL);

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  for (int i = 0; i < 100; i++)
    g_main_context_iteration (NULL, FALSE);
  CHECK_FINALIZE (profile);
  CHECK_CMP_INT (g_remove (statistics), ==, 0);
  CHECK_CMP_INT (g_rmdir (folder), ==, 0);
}

static gboolean is_action_row (GtkWidget *widget)
{
  return ADW_IS_ACTION_ROW (widget);
}

static gboolean is_drop_down (GtkWidget *widget)
{
  return GTK_IS_DROP_DOWN (widget) && GTK_IS_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget)))
         && g_list_model_get_n_items (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))) > 3
         && g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (gtk_drop_down_get_model (GTK_DROP_DOWN (widget))), 3),
                         "Your Openings");
}

static gboolean is_library_stack (GtkWidget *widget)
{
  return GTK_IS_STACK (widget) && gtk_stack_get_child_by_name (GTK_STACK (widget), "openings");
}

static gboolean is_search (GtkWidget *widget)
{
  return GTK_IS_SEARCH_ENTRY (widget);
}

/* The Library's Show ▸ Your Openings lists the same opening; its row leads to its games, the
 * opening's name searched under All Games. */
static void check_library_openings (VersoProfile *profile, const char *opening)
{
  Position start;
  GtkWidget *library, *show, *row, *search, *stack;

  position_init (&start);
  library = g_object_ref_sink (verso_library_window_new (NULL, profile, &start));
  REQUIRE ((show = find_widget (library, is_drop_down)) != NULL);
  REQUIRE ((search = find_widget (library, is_search)) != NULL);
  REQUIRE ((stack = find_widget (library, is_library_stack)) != NULL);
  CHECK_CMP_STR (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "games");
  gtk_drop_down_set_selected (GTK_DROP_DOWN (show), 3);
  CHECK_CMP_STR (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "openings");
  REQUIRE ((row = find_widget (gtk_stack_get_visible_child (GTK_STACK (stack)), is_action_row)) != NULL);
  CHECK_CMP_STR (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, opening);
  CHECK (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "As Black: Won "));
  g_signal_emit_by_name (row, "activated");
  CHECK_CMP_UINT (gtk_drop_down_get_selected (GTK_DROP_DOWN (show)), ==, 0);
  CHECK_CMP_STR (gtk_editable_get_text (GTK_EDITABLE (search)), ==, opening);
  CHECK_CMP_STR (gtk_stack_get_visible_child_name (GTK_STACK (stack)), ==, "games");
  check_gtk_destroy (library, TRUE);
}

/* The person's openings: a game kept while the window is open adds the group, its opening the
 * row's title, the person's colour and result under it. */
static void test_openings_follow_the_games_kept (void)
{
  g_autofree char *folder = g_dir_make_tmp ("verso-stats-dialog-XXXXXX", NULL);
  VersoProfile *profile = verso_profile_new (folder);
  GtkWidget *dialog = g_object_ref_sink (verso_stats_dialog_new (NULL, profile));
  /* People on both sides while the moves are played (the computer is never asked), then the
   * computer named White's player: a finished game of the person, Black, against it. */
  g_autoptr (VersoGame) game = verso_game_new (VERSO_PLAYER_HUMAN, VERSO_PLAYER_HUMAN, LEVEL_CASUAL);
  const char *moves = "f5d6c3d3c4f4f6f3e6e7d7c6";
  g_autoptr (GDir) dir = NULL;
  const char *name;
  GtkWidget *row;

  CHECK_CMP_STR (page (dialog), ==, "empty");
  for (const char *m = moves; *m; m += 2)
    REQUIRE (verso_game_play (game, (m[1] - '1') * 8 + (m[0] - 'a'), NULL));
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  /* Unfinished: not one of the games counted per opening. */
  CHECK (verso_profile_keep_game (profile, game, NULL, NULL));
  CHECK_CMP_STR (page (dialog), ==, "empty");
  while (!verso_game_is_over (game)) {
    verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_HUMAN);
    REQUIRE (verso_game_play (game, __builtin_ctzll (verso_game_get_legal_moves (game)), NULL));
  }
  verso_game_set_player (game, VERSO_COLOR_WHITE, VERSO_PLAYER_COMPUTER);
  CHECK (verso_profile_keep_game (profile, game, NULL, NULL));
  CHECK_CMP_STR (page (dialog), ==, "results");
  CHECK_CMP_UINT (group_count (dialog), ==, 1);
  row = find_widget (template_child (dialog, "groups_box"), is_action_row);
  REQUIRE (row);
  CHECK_CMP_STR (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, verso_game_get_opening (game));
  CHECK (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "As Black: Won "),
         "%s", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));

  check_library_openings (profile, verso_game_get_opening (game));

  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
  CHECK_FINALIZE (profile);
  dir = g_dir_open (folder, 0, NULL);
  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *path = g_build_filename (folder, name, NULL);
    CHECK_CMP_INT (g_remove (path), ==, 0);
  }
  CHECK_CMP_INT (g_rmdir (folder), ==, 0);
}

int main (int argc, char *argv[])
{
  check_gtk_init ("C.UTF-8");

  check_run ("/stats-dialog/follows-the-profile", test_follows_the_profile);
  check_run ("/stats-dialog/one-game-graph", test_one_game_graph);
  check_run ("/stats-dialog/openings-follow-the-games-kept", test_openings_follow_the_games_kept);
  return check_finish ();
}
