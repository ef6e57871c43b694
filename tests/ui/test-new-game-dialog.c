/* test-new-game-dialog.c: New Game's rows of who plays for the computer: against the person one
 * Opponent row; when the computer plays itself a row for each colour, the colour's level shown
 * only while Verso plays it; each row showing its key's engine (Verso's levels for a name no
 * longer added), and the choices written back to those keys, each apart. */
#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "gtk-test.h"
#include "engine-settings-test.h"
#include "verso-new-game-dialog.h"

static GtkWidget *new_dialog (GSettings *settings)
{
  GtkWidget *dialog = verso_new_game_dialog_new (NULL, settings);

  g_object_ref_sink (dialog);
  return dialog;
}

static AdwComboRow *row (GtkWidget *dialog, const char *name)
{
  GObject *child = gtk_widget_get_template_child (dialog, VERSO_TYPE_NEW_GAME_DIALOG, name);

  REQUIRE (child != NULL, "the template child %s", name);
  return ADW_COMBO_ROW (child);
}

static gboolean shown (GtkWidget *dialog, const char *name)
{
  return gtk_widget_get_visible (GTK_WIDGET (row (dialog, name)));
}

/* The rows of who plays for the computer shown: exactly those named in wanted (separated by
 * spaces) of the opponent's, the level's and each colour's engine and level rows. */
static void check_rows (GtkWidget *dialog, const char *wanted)
{
  static const char *const rows[] = { "opponent_row", "level_row", "black_engine_row", "white_engine_row",
                                      "black_level_row", "white_level_row" };
  g_auto (GStrv) names = g_strsplit (wanted, " ", -1);

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    CHECK (shown (dialog, rows[i]) == g_strv_contains ((const char *const *) names, rows[i]), "%s %s",
           rows[i], shown (dialog, rows[i]) ? "shown" : "hidden");
}

static const char *title (GtkWidget *dialog, const char *name)
{
  return adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row (dialog, name)));
}

/* The text of the choice a row shows. */
static const char *choice (GtkWidget *dialog, const char *name)
{
  GObject *item = adw_combo_row_get_selected_item (row (dialog, name));

  return item ? gtk_string_object_get_string (GTK_STRING_OBJECT (item)) : NULL;
}

/* Stores the dialog's choices as Start does. */
static void save_choices (GtkWidget *dialog, GSettings *settings)
{
  g_autofree VersoNewGameChoices *choices = verso_new_game_dialog_get_choices (VERSO_NEW_GAME_DIALOG (dialog));

  verso_new_game_choices_save (choices, settings);
}

#define CHECK_KEY(settings, key, expected)                                                        \
  do {                                                                                            \
    g_autofree char *check_value = g_settings_get_string (settings, key);                         \
    CHECK_CMP_STR (check_value, ==, expected);                                                    \
  } while (0)

/* Without an engine, New Game is as it was: the levels of each side, titled by its colour. */
static void test_without_engines (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  GtkWidget *dialog;

  g_settings_set_string (settings, "game-mode", "computer-only");
  dialog = new_dialog (settings);
  check_rows (dialog, "black_level_row white_level_row");
  CHECK_CMP_STR (title (dialog, "black_level_row"), ==, "Black");
  CHECK_CMP_STR (title (dialog, "white_level_row"), ==, "White");
  save_choices (dialog, settings);
  CHECK_KEY (settings, "black-engine", "");
  CHECK_KEY (settings, "white-engine", "");
  CHECK_KEY (settings, "opponent", "");
  /* The window's settings, handed to Start, still write each later change at once. */
  check_settings_write_through (settings);
  check_gtk_destroy (dialog, TRUE);
}

/* The computer against itself with two engines: each colour chosen apart, its level shown only
 * for Verso, and written to its own key, the opponent's left as it was. */
static void test_each_colour_when_the_computer_plays_itself (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  GtkWidget *dialog;

  check_engine_settings_add (settings, "Edax", "edax", 4);
  check_engine_settings_add (settings, "NTest", "ntest", 12);
  g_settings_set_string (settings, "game-mode", "computer-only");
  g_settings_set_string (settings, "opponent", "NTest");
  g_settings_set_string (settings, "black-engine", "Edax");
  dialog = new_dialog (settings);
  check_rows (dialog, "black_engine_row white_engine_row white_level_row");
  CHECK_CMP_STR (title (dialog, "black_engine_row"), ==, "Black");
  CHECK_CMP_STR (title (dialog, "white_engine_row"), ==, "White");
  CHECK_CMP_STR (choice (dialog, "black_engine_row"), ==, "Edax");
  CHECK_CMP_STR (choice (dialog, "white_engine_row"), ==, "Verso’s levels");
  /* Every row lists Verso's levels, then the engines in the order they were added. */
  CHECK_CMP_UINT (g_list_model_get_n_items (adw_combo_row_get_model (row (dialog, "white_engine_row"))), ==, 3);
  CHECK_CMP_STR (title (dialog, "white_level_row"), ==, "White’s level");

  /* White: the other engine, and its level goes; Black: Verso, and its level comes. */
  adw_combo_row_set_selected (row (dialog, "white_engine_row"), 2);
  check_rows (dialog, "black_engine_row white_engine_row");
  adw_combo_row_set_selected (row (dialog, "black_engine_row"), 0);
  check_rows (dialog, "black_engine_row white_engine_row black_level_row");
  CHECK_CMP_STR (title (dialog, "black_level_row"), ==, "Black’s level");
  save_choices (dialog, settings);
  CHECK_KEY (settings, "black-engine", "");
  CHECK_KEY (settings, "white-engine", "NTest");
  CHECK_KEY (settings, "opponent", "NTest");
  CHECK_KEY (settings, "game-mode", "computer-only");

  /* Engine against engine. */
  adw_combo_row_set_selected (row (dialog, "black_engine_row"), 1);
  check_rows (dialog, "black_engine_row white_engine_row");
  save_choices (dialog, settings);
  CHECK_KEY (settings, "black-engine", "Edax");
  CHECK_KEY (settings, "white-engine", "NTest");
  check_gtk_destroy (dialog, TRUE);

  /* A dialog opened again shows what was stored. */
  dialog = new_dialog (settings);
  CHECK_CMP_STR (choice (dialog, "black_engine_row"), ==, "Edax");
  CHECK_CMP_STR (choice (dialog, "white_engine_row"), ==, "NTest");
  check_gtk_destroy (dialog, TRUE);
}

/* Against the person: the one Opponent row, the colours' rows hidden and their keys untouched;
 * switching the players in the dialog shows the rows of the mode chosen. */
static void test_modes (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  GtkWidget *dialog;

  check_engine_settings_add (settings, "Edax", "edax", 4);
  g_settings_set_string (settings, "game-mode", "versus-computer");
  g_settings_set_string (settings, "white-engine", "Edax");
  dialog = new_dialog (settings);
  check_rows (dialog, "opponent_row level_row");
  CHECK_CMP_STR (title (dialog, "opponent_row"), ==, "Opponent");
  CHECK_CMP_STR (choice (dialog, "opponent_row"), ==, "Verso’s levels");
  adw_combo_row_set_selected (row (dialog, "opponent_row"), 1);
  check_rows (dialog, "opponent_row");
  save_choices (dialog, settings);
  CHECK_KEY (settings, "opponent", "Edax");
  CHECK_KEY (settings, "white-engine", "Edax");
  CHECK_KEY (settings, "black-engine", "");

  /* The computer against itself chosen in the dialog: White is the engine stored for it. */
  adw_combo_row_set_selected (row (dialog, "mode_row"), VERSO_MODE_COMPUTER_ONLY);
  check_rows (dialog, "black_engine_row white_engine_row black_level_row");
  /* Two players: nobody's engine. */
  adw_combo_row_set_selected (row (dialog, "mode_row"), VERSO_MODE_TWO_PLAYERS);
  check_rows (dialog, "");
  check_gtk_destroy (dialog, TRUE);
}

/* A choice naming no engine of the settings (removed since, or written by hand) shows, and is
 * stored back as, Verso's levels. */
static void test_unknown_engine (void)
{
  g_autoptr (GSettings) settings = check_engine_settings_fresh ();
  GtkWidget *dialog;

  check_engine_settings_add (settings, "Edax", "edax", 4);
  g_settings_set_string (settings, "game-mode", "computer-only");
  g_settings_set_string (settings, "black-engine", "Gone");
  g_settings_set_string (settings, "white-engine", "Edax");
  dialog = new_dialog (settings);
  CHECK_CMP_STR (choice (dialog, "black_engine_row"), ==, "Verso’s levels");
  check_rows (dialog, "black_engine_row white_engine_row black_level_row");
  save_choices (dialog, settings);
  CHECK_KEY (settings, "black-engine", "");
  CHECK_KEY (settings, "white-engine", "Edax");
  check_gtk_destroy (dialog, TRUE);
}

int main (int argc, char *argv[])
{
  check_gtk_init ("en_US.UTF-8");

  check_run ("/new-game-dialog/without-engines", test_without_engines);
  check_run ("/new-game-dialog/computer-against-itself", test_each_colour_when_the_computer_plays_itself);
  check_run ("/new-game-dialog/modes", test_modes);
  check_run ("/new-game-dialog/unknown-engine", test_unknown_engine);
  return check_finish ();
}
