/* test-preferences-window.c: every row of the Preferences window writes its settings key at
 * once, follows the key when it changes elsewhere, Match My Level follows the person's profile
 * while open, Engines ▸ Hints from lists the engines and falls back to Verso, and the window lets
 * go of the settings and the profile. */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <string.h>

#include "gtk-test.h"
#include "level.h"
#include "level_ratings.h"
#include "verso-engine-settings.h"
#include "verso-engines-page.h"
#include "verso-game-analysis.h"
#include "verso-preferences-window.h"

typedef struct {
  GSettings *settings;
  char *folder;           /* the profile's, a new temporary one */
  VersoProfile *profile;
  GtkWidget *window;
} Fixture;

/* A settings key and the template child that shows it. */
typedef struct {
  const char *key;
  const char *child;
} KeyRow;

static GtkWidget *template_child (Fixture *fixture, const char *name)
{
  GObject *child = gtk_widget_get_template_child (fixture->window, VERSO_TYPE_PREFERENCES_WINDOW, name);

  REQUIRE (child != NULL);
  return GTK_WIDGET (child);
}

static void fixture_set_up (Fixture *fixture, gconstpointer user_data)
{
  fixture->settings = g_settings_new ("io.github.verso.Verso");
  fixture->folder = g_dir_make_tmp ("verso-preferences-XXXXXX", NULL);
  REQUIRE (fixture->folder != NULL);
  fixture->profile = verso_profile_new (fixture->folder);
  fixture->window = verso_preferences_window_new (NULL, fixture->settings, fixture->profile);
  g_object_ref_sink (fixture->window);
}

static void fixture_tear_down (Fixture *fixture, gconstpointer user_data)
{
  GtkWidget *window = fixture->window;
  GSettings *settings = fixture->settings;

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  g_object_add_weak_pointer (G_OBJECT (settings), (gpointer *) &settings);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_object_unref (fixture->window);
  g_object_unref (fixture->settings);
  /* GTK and the settings backend let go of their last references from the main loop. */
  for (int i = 0; (window || settings) && i < 1000; i++)
    g_main_context_iteration (NULL, FALSE);
  CHECK (window == NULL);
  /* All the bindings went with the window: nothing else held the settings. */
  CHECK (settings == NULL);
  /* Nor the profile, which a change after the window went finds without a listener. */
  verso_profile_reset_statistics (fixture->profile, NULL);
  CHECK_FINALIZE (fixture->profile);
  {
    g_autofree char *statistics = g_build_filename (fixture->folder, "statistics.ini", NULL);
    g_remove (statistics);
  }
  CHECK_CMP_INT (g_rmdir (fixture->folder), ==, 0);
  g_free (fixture->folder);
}

static void test_switches_follow_and_write_their_keys (Fixture *fixture, gconstpointer user_data)
{
  static const KeyRow switches[] = {
    { "show-legal-moves", "legal_moves_switch" },
    { "show-last-move", "last_move_switch" },
    { "show-coordinates", "coordinates_switch" },
    { "animations", "animations_switch" },
    { "coach", "coach_switch" },
    { "sounds", "sounds_switch" },
    { "show-move-numbers", "move_numbers_switch" },
    { "show-flips", "flips_switch" },
    { "match-my-level", "match_switch" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (switches); i++) {
    GtkSwitch *toggle = GTK_SWITCH (template_child (fixture, switches[i].child));
    gboolean initial = g_settings_get_boolean (fixture->settings, switches[i].key);

    CHECK_CMP_INT (gtk_switch_get_active (toggle), ==, initial);
    gtk_switch_set_active (toggle, !initial);
    CHECK_CMP_INT (g_settings_get_boolean (fixture->settings, switches[i].key), ==, !initial);
    g_settings_set_boolean (fixture->settings, switches[i].key, initial);
    CHECK_CMP_INT (gtk_switch_get_active (toggle), ==, initial);
  }
}

/* A level row's subtitle: the level's name, its description in words, then its rating. */
static void check_describes (AdwComboRow *row, LevelId level)
{
  const char *subtitle = adw_action_row_get_subtitle (ADW_ACTION_ROW (row));
  g_autofree char *rating_text = NULL;
  Rating rating;

  REQUIRE (level_rating (level, &rating));
  rating_text = g_strdup_printf ("%.0f", rating.value);
  CHECK (g_str_has_prefix (subtitle, _(level_get (level)->name)));
  CHECK (strstr (subtitle, _(level_get (level)->description)) != NULL);
  CHECK (g_str_has_suffix (subtitle, rating_text));
  CHECK_CMP_UINT (strlen (subtitle), >, strlen (_(level_get (level)->name)) + strlen (_(level_get (level)->description))
                                        + strlen (rating_text));
}

/* The Difficulty row and the two levels of the computer against itself: every level listed,
 * the key followed and written, and the chosen level described in the subtitle. */
static void test_level_rows_list_and_describe_every_level (Fixture *fixture, gconstpointer user_data)
{
  static const KeyRow rows[] = {
    { "level", "level_row" },
    { "black-level", "black_level_row" },
    { "white-level", "white_level_row" },
  };

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++) {
    AdwComboRow *row = ADW_COMBO_ROW (template_child (fixture, rows[r].child));
    GListModel *model = adw_combo_row_get_model (row);
    g_autofree char *initial = g_settings_get_string (fixture->settings, rows[r].key);
    g_autofree char *level = NULL;

    CHECK_CMP_UINT (g_list_model_get_n_items (model), ==, LEVEL_COUNT);
    for (guint i = 0; i < LEVEL_COUNT; i++)
      CHECK_CMP_STR (gtk_string_list_get_string (GTK_STRING_LIST (model), i), ==, _(level_get (i)->name));

    CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, level_from_id (initial));
    check_describes (row, level_from_id (initial));
    g_settings_set_string (fixture->settings, rows[r].key, "master");
    CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, LEVEL_MASTER);
    check_describes (row, LEVEL_MASTER);
    adw_combo_row_set_selected (row, LEVEL_BEGINNER);
    level = g_settings_get_string (fixture->settings, rows[r].key);
    CHECK_CMP_STR (level, ==, "beginner");
    check_describes (row, LEVEL_BEGINNER);
    /* Each row has its own key. */
    for (guint other = 0; other < G_N_ELEMENTS (rows); other++) {
      g_autofree char *other_level = g_settings_get_string (fixture->settings, rows[other].key);
      if (other > r)
        CHECK_CMP_STR (other_level, !=, "beginner");
    }
  }
}

/* The pause between the computer's moves: the spin button follows and writes the key. */
static void test_pause_spin_follows_and_writes_its_key (Fixture *fixture, gconstpointer user_data)
{
  GtkSpinButton *spin = GTK_SPIN_BUTTON (template_child (fixture, "pause_spin"));
  double lower, upper;

  gtk_spin_button_get_range (spin, &lower, &upper);
  CHECK_CMP_FLOAT (lower, ==, 0.0);
  CHECK_CMP_FLOAT (upper, ==, 10.0);
  CHECK_CMP_FLOAT (gtk_spin_button_get_value (spin), ==, g_settings_get_double (fixture->settings, "computer-pause"));
  gtk_spin_button_set_value (spin, 2.5);
  CHECK_CMP_FLOAT (g_settings_get_double (fixture->settings, "computer-pause"), ==, 2.5);
  g_settings_set_double (fixture->settings, "computer-pause", 0.0);
  CHECK_CMP_FLOAT (gtk_spin_button_get_value (spin), ==, 0.0);
}

static void test_combo_rows_write_enum_nicks (Fixture *fixture, gconstpointer user_data)
{
  static const struct {
    const char *key;
    const char *child;
    const char *nicks[9];
  } combos[] = {
    { "game-mode", "mode_row", { "versus-computer", "two-players", "computer-only", NULL } },
    { "player-color", "color_row", { "black", "white", NULL } },
    { "board-theme", "theme_row", { "classic", "wood", "high-contrast", NULL } },
    { "board-orientation", "orientation_row", { "normal", "rotate-90", "rotate-180", "rotate-270", "mirror-columns",
                                                "mirror-rows", "mirror-diagonal", "mirror-antidiagonal", NULL } },
    { "review-depth", "review_row", { "quick", "normal", "deep", NULL } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (combos); i++) {
    AdwComboRow *row = ADW_COMBO_ROW (template_child (fixture, combos[i].child));

    CHECK_CMP_UINT (g_list_model_get_n_items (adw_combo_row_get_model (row)), ==,
                    g_strv_length ((char **) combos[i].nicks));
    for (guint n = 0; combos[i].nicks[n]; n++) {
      adw_combo_row_set_selected (row, n);
      g_autofree char *written = g_settings_get_string (fixture->settings, combos[i].key);
      CHECK_CMP_STR (written, ==, combos[i].nicks[n]);
    }
    for (guint n = 0; combos[i].nicks[n]; n++) {
      g_settings_set_string (fixture->settings, combos[i].key, combos[i].nicks[n]);
      CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, n);
    }
  }
}

/* Each Review Depth says the depth Analyse Game searches to and the time a game takes (issue 45);
 * normal, the default, is chosen. */
static void test_review_row_says_depth_and_time (Fixture *fixture, gconstpointer user_data)
{
  AdwComboRow *row = ADW_COMBO_ROW (template_child (fixture, "review_row"));
  GListModel *model = adw_combo_row_get_model (row);
  static const char *const names[] = { "Quick", "Normal", "Deep" };

  REQUIRE (g_list_model_get_n_items (model) == G_N_ELEMENTS (names));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++) {
    const char *text = gtk_string_list_get_string (GTK_STRING_LIST (model), i);
    g_autofree char *prefix = g_strdup_printf ("%s: depth %d, about ", names[i],
                                               verso_review_depth_plies ((VersoReviewDepth) i));

    CHECK (g_str_has_prefix (text, prefix) && g_str_has_suffix (text, " a game"), "%s", text);
    if (i > 0)
      CHECK_CMP_INT (verso_review_depth_plies ((VersoReviewDepth) i), >,
                     verso_review_depth_plies ((VersoReviewDepth) (i - 1)));
  }
  g_settings_reset (fixture->settings, "review-depth");
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, VERSO_REVIEW_NORMAL);
}

/* Processor Cores: all of them first (analysis-threads 0, the default), then each number up to
 * the machine's cores; the row and the key follow each other. */
static void test_threads_row_follows_and_writes_its_key (Fixture *fixture, gconstpointer user_data)
{
  AdwComboRow *row = ADW_COMBO_ROW (template_child (fixture, "threads_row"));
  GListModel *model = adw_combo_row_get_model (row);
  guint cores = MAX (1, g_get_num_processors ());
  g_autofree char *all = g_strdup_printf ("All (%u)", cores);

  REQUIRE (g_list_model_get_n_items (model) == cores + 1);
  CHECK_CMP_STR (gtk_string_list_get_string (GTK_STRING_LIST (model), 0), ==, all);
  CHECK_CMP_STR (gtk_string_list_get_string (GTK_STRING_LIST (model), 1), ==, "1");
  g_settings_reset (fixture->settings, "analysis-threads");
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 0);
  adw_combo_row_set_selected (row, 1);
  CHECK_CMP_INT (g_settings_get_int (fixture->settings, "analysis-threads"), ==, 1);
  g_settings_set_int (fixture->settings, "analysis-threads", 0);
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 0);
}

static void test_rows_follow_the_game_mode (Fixture *fixture, gconstpointer user_data)
{
  GtkWidget *color_row = template_child (fixture, "color_row");
  GtkWidget *level_row = template_child (fixture, "level_row");
  GtkWidget *match_row = template_child (fixture, "match_row");

  g_settings_set_string (fixture->settings, "game-mode", "two-players");
  CHECK (!gtk_widget_get_sensitive (color_row));
  CHECK (!gtk_widget_get_sensitive (level_row));
  g_settings_set_string (fixture->settings, "game-mode", "computer-only");
  CHECK (!gtk_widget_get_sensitive (color_row));
  /* The computer against itself takes the levels of its own group. */
  CHECK (!gtk_widget_get_sensitive (level_row));
  CHECK (!gtk_widget_get_sensitive (match_row));
  g_settings_set_string (fixture->settings, "game-mode", "versus-computer");
  CHECK (gtk_widget_get_sensitive (color_row));
  CHECK (gtk_widget_get_sensitive (level_row));
  CHECK (gtk_widget_get_sensitive (match_row));
  /* Match my level chooses the strength: the Difficulty row waits. */
  g_settings_set_boolean (fixture->settings, "match-my-level", TRUE);
  CHECK (!gtk_widget_get_sensitive (level_row));
  CHECK (g_str_has_prefix (adw_action_row_get_subtitle (ADW_ACTION_ROW (match_row)), "Plays at your rating: about "));
  g_settings_set_boolean (fixture->settings, "match-my-level", FALSE);
  CHECK (gtk_widget_get_sensitive (level_row));
}

/* A game counted while Preferences is open moves the rating: the strength it names follows. */
static void test_match_row_follows_the_profile (Fixture *fixture, gconstpointer user_data)
{
  AdwActionRow *match_row = ADW_ACTION_ROW (template_child (fixture, "match_row"));
  g_autofree char *before = g_strdup (adw_action_row_get_subtitle (match_row));
  VersoFinishedGame won = {
    .mode = VERSO_MODE_VERSUS_COMPUTER,
    .rules = RULES_STANDARD,
    .level = LEVEL_MASTER,
    .disc_difference = 64,
  };
  g_autoptr (GError) error = NULL;

  CHECK (g_str_has_prefix (before, "Plays at your rating: about "));
  CHECK_CMP_INT (verso_profile_record_game (fixture->profile, &won, g_get_real_time () / G_USEC_PER_SEC, &error),
                 ==, VERSO_GAME_RATED);
  CHECK_NO_ERROR (error);
  CHECK (g_str_has_prefix (adw_action_row_get_subtitle (match_row), "Plays at your rating: about "));
  CHECK_CMP_STR (adw_action_row_get_subtitle (match_row), !=, before);
  CHECK (verso_profile_reset_statistics (fixture->profile, &error));
  CHECK_CMP_STR (adw_action_row_get_subtitle (match_row), ==, before);
}

/* The Engines page of the window. */
static GtkWidget *find_engines_page (GtkWidget *widget)
{
  if (VERSO_IS_ENGINES_PAGE (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child)) {
    GtkWidget *page = find_engines_page (child);
    if (page)
      return page;
  }
  return NULL;
}

/* The names Hints from lists, joined by "|". */
static char *hint_choices (AdwComboRow *row)
{
  GListModel *model = adw_combo_row_get_model (row);
  g_autoptr (GString) joined = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_string_append_printf (joined, "%s%s", i ? "|" : "",
                            gtk_string_list_get_string (GTK_STRING_LIST (model), i));
  return g_string_free (g_steal_pointer (&joined), FALSE);
}

/* Engines ▸ Hints from: Verso, then each engine; off without an engine; it writes "hint-engine"
 * and follows it; an engine removed gives the hints back to Verso, and a name no engine has is
 * Verso's hints. */
static void test_hint_engine_row (Fixture *fixture, gconstpointer user_data)
{
  GtkWidget *page = find_engines_page (fixture->window);
  AdwComboRow *row;
  g_autofree char *choices = NULL;
  g_autofree char *name = NULL;
  g_autofree char *command = NULL;
  int depth = 0;

  REQUIRE (page != NULL);
  row = ADW_COMBO_ROW (gtk_widget_get_template_child (page, VERSO_TYPE_ENGINES_PAGE, "hint_row"));
  REQUIRE (row != NULL);
  choices = hint_choices (row);
  CHECK_CMP_STR (choices, ==, "Verso (built in)");
  CHECK (!gtk_widget_get_sensitive (GTK_WIDGET (row)));
  CHECK (!verso_engine_settings_hint_engine (fixture->settings, NULL, NULL, NULL));

  g_settings_set_value (fixture->settings, "engines",
                        g_variant_new_parsed ("[('Edax', 'edax -n', 12), ('NTest', 'ntest', 99)]"));
  g_free (choices);
  choices = hint_choices (row);
  CHECK_CMP_STR (choices, ==, "Verso (built in)|Edax|NTest");
  CHECK (gtk_widget_get_sensitive (GTK_WIDGET (row)));
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 0);

  adw_combo_row_set_selected (row, 2);
  g_free (name);
  name = g_settings_get_string (fixture->settings, "hint-engine");
  CHECK_CMP_STR (name, ==, "NTest");
  g_free (name);
  name = NULL;
  CHECK (verso_engine_settings_hint_engine (fixture->settings, &name, &command, &depth));
  CHECK_CMP_STR (name, ==, "NTest");
  CHECK_CMP_STR (command, ==, "ntest");
  /* A depth written by hand is brought into the range an engine is told. */
  CHECK_CMP_INT (depth, ==, 60);
  adw_combo_row_set_selected (row, 0);
  g_free (name);
  name = g_settings_get_string (fixture->settings, "hint-engine");
  CHECK_CMP_STR (name, ==, "");

  g_settings_set_string (fixture->settings, "hint-engine", "Edax");
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 1);
  g_settings_set_string (fixture->settings, "hint-engine", "No such engine");
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 0);
  CHECK (!verso_engine_settings_hint_engine (fixture->settings, NULL, NULL, NULL));

  /* Removed, the engine that gave the hints gives them back to Verso; the other stays chosen. */
  g_settings_set_string (fixture->settings, "hint-engine", "Edax");
  g_settings_set_string (fixture->settings, "opponent", "NTest");
  verso_engine_settings_remove (fixture->settings, "Edax");
  g_free (name);
  name = g_settings_get_string (fixture->settings, "hint-engine");
  CHECK_CMP_STR (name, ==, "");
  g_free (name);
  name = g_settings_get_string (fixture->settings, "opponent");
  CHECK_CMP_STR (name, ==, "NTest");
  g_free (choices);
  choices = hint_choices (row);
  CHECK_CMP_STR (choices, ==, "Verso (built in)|NTest");
  CHECK_CMP_UINT (adw_combo_row_get_selected (row), ==, 0);

  g_settings_reset (fixture->settings, "engines");
  g_settings_reset (fixture->settings, "opponent");
  g_settings_reset (fixture->settings, "hint-engine");
  CHECK (!gtk_widget_get_sensitive (GTK_WIDGET (row)));
}

/* Each test on a Preferences window of its own, with a profile in a folder of its own. */
static const struct {
  const char *name;
  void (*test) (Fixture *fixture, gconstpointer user_data);
} tests[] = {
  { "/preferences-window/switches", test_switches_follow_and_write_their_keys },
  { "/preferences-window/level-rows", test_level_rows_list_and_describe_every_level },
  { "/preferences-window/pause", test_pause_spin_follows_and_writes_its_key },
  { "/preferences-window/combo-rows", test_combo_rows_write_enum_nicks },
  { "/preferences-window/review-depth", test_review_row_says_depth_and_time },
  { "/preferences-window/threads", test_threads_row_follows_and_writes_its_key },
  { "/preferences-window/game-mode", test_rows_follow_the_game_mode },
  { "/preferences-window/match-row-follows-the-profile", test_match_row_follows_the_profile },
  { "/preferences-window/hint-engine", test_hint_engine_row },
};

int main (int argc, char *argv[])
{
  check_gtk_init ("en_US.UTF-8");

  for (gsize i = 0; i < G_N_ELEMENTS (tests); i++)
    CHECK_RUN_FIXTURE (tests[i].name, Fixture, NULL, fixture_set_up, tests[i].test, fixture_tear_down);
  return check_finish ();
}
